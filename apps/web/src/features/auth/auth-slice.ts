import {
  createAsyncThunk,
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
} from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@agora/shared';
import type {
  AppleLogin,
  AuthResponse,
  FacebookLogin,
  GoogleLogin,
  Login,
  PrivateUser,
  Registration,
} from '@agora/shared';
import { errorBody, errorMessage, firstBodyMessage } from '../../lib/api-error';
import {
  clearTokens,
  readAccessToken,
  readRefreshToken,
  storeSignInTokens,
} from '../../lib/cookies';
import type { SignInKind } from '../../lib/cookies';
import { refreshAccessToken } from '../../lib/http-client';
import * as authApi from './auth-api';
import type { LogoutAnswer } from './auth-api';

/** SPEC §3, field for field. */
export interface AuthState {
  /** An account call is in flight. */
  loading: boolean;
  /** The access token of this session. */
  authToken: string | null;
  isAuthenticated: boolean;
  /** The account was created by this sign-in (sign-up, or a first social login). */
  isNewUser: boolean;
  error: boolean;
  errorMsg: string | null;
  /**
   * The account signs in with two-factor. While `isAuthenticated` is false, it means the
   * login is waiting for the member to open the mailed link.
   */
  isTwoFaOn: boolean;
}

/** The part of the store this feature reads; the store mounts `authReducer` under `auth`. */
export interface AuthRootState {
  auth: AuthState;
}

/** A page reload starts from the cookies (SPEC §4): the session survives as long as they do. */
function restoredState(): AuthState {
  const authToken = readAccessToken() ?? null;
  return {
    loading: false,
    authToken,
    isAuthenticated: authToken !== null,
    isNewUser: false,
    error: false,
    errorMsg: null,
    isTwoFaOn: false,
  };
}

export interface SignedIn {
  access: string;
  user: PrivateUser;
  isNewUser: boolean;
}

function signedIn(answer: AuthResponse, kind: SignInKind, isNewUser: boolean): SignedIn {
  storeSignInTokens(answer, kind);
  return { access: answer.access, user: answer.user, isNewUser };
}

/** Account calls fail with a message a member can read (SPEC §8). */
const createAuthThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

/** What a failed form call carries besides its message: the error body, to mark the fields it names. */
export interface FormRejectionMeta {
  body: unknown;
}

/** Calls made from a form: the rejection also carries the server's error body in `meta`. */
const createFormThunk = createAsyncThunk.withTypes<{
  rejectValue: string;
  rejectedMeta: FormRejectionMeta;
}>();

export const login = createFormThunk(
  'auth/login',
  async (credentials: Login, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.login(credentials, signal);
      if ('twoFa' in answer) return answer;
      return signedIn(answer, credentials.keepmeloggedin ? 'keepMeLoggedIn' : 'password', false);
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.loginDefault), {
        body: errorBody(error),
      });
    }
  },
);

/** Completes a two-factor login with the token from the mailed link. */
export const loginWithTwoFactor = createAuthThunk(
  'auth/loginWithTwoFactor',
  async (token: string, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.verifyTwoFactor(token, signal);
      // The link may be opened in another browser, where "Keep me logged in" was never asked.
      return signedIn(answer, 'password', false);
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.loginDefault));
    }
  },
);

export const loginWithGoogle = createAuthThunk(
  'auth/loginWithGoogle',
  async (body: GoogleLogin, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.googleLogin(body, signal);
      return signedIn(answer, 'social', answer.isNewUser);
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.loginDefault));
    }
  },
);

export const loginWithApple = createAuthThunk(
  'auth/loginWithApple',
  async (body: AppleLogin, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.appleLogin(body, signal);
      return signedIn(answer, 'social', answer.isNewUser);
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.loginDefault));
    }
  },
);

export const loginWithFacebook = createAuthThunk(
  'auth/loginWithFacebook',
  async (body: FacebookLogin, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.facebookLogin(body, signal);
      return signedIn(answer, 'social', answer.isNewUser);
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.loginDefault));
    }
  },
);

export const signUp = createFormThunk(
  'auth/signUp',
  async (registration: Registration, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.register(registration, signal);
      return signedIn(answer, 'registration', true);
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.signupDefault), {
        body: errorBody(error),
      });
    }
  },
);

/** SPEC §4: only a 204 ends the session; anything else leaves it as it was. */
function endedOn204(answer: LogoutAnswer): boolean {
  if (answer.status !== 204) return false;
  clearTokens();
  return true;
}

/** SPEC §8: logout fails with the error body data itself. */
export const logout = createAsyncThunk.withTypes<{ rejectValue: unknown }>()(
  'auth/logout',
  async (_, { signal, rejectWithValue }) => {
    const refresh = readRefreshToken();
    if (refresh === undefined) {
      // Nothing names the session to revoke; its access token lapses within 5 minutes.
      clearTokens();
      return undefined;
    }
    try {
      const answer = await authApi.logout({ refresh_token: refresh }, signal);
      return endedOn204(answer) ? undefined : rejectWithValue(answer.data);
    } catch (error) {
      return rejectWithValue(errorBody(error));
    }
  },
);

/** Revokes every session of the account, this one included. */
export const logoutAll = createAuthThunk(
  'auth/logoutAll',
  async (_, { signal, rejectWithValue }) => {
    try {
      const answer = await authApi.logoutAll(signal);
      return endedOn204(answer) ? undefined : rejectWithValue(MESSAGES.generic);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const toggleTwoFactor = createAuthThunk(
  'auth/toggleTwoFactor',
  async (_, { signal, rejectWithValue }) => {
    try {
      return await authApi.toggleTwoFactor(signal);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** SPEC §4 "refresh first": a stored refresh token and no session state. */
export const restoreSession = createAuthThunk(
  'auth/restoreSession',
  async (_, { rejectWithValue }) => {
    try {
      return await refreshAccessToken();
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** Sign-ins that always answer with tokens; a password login may answer "two-factor" instead. */
const tokenSignIns = [
  loginWithTwoFactor,
  loginWithGoogle,
  loginWithApple,
  loginWithFacebook,
  signUp,
] as const;
const accountCalls = [login, ...tokenSignIns, logoutAll, toggleTwoFactor] as const;

/** SPEC §4: on success the access token is stored and the member counts as authenticated. */
function startSession(state: AuthState, session: SignedIn): void {
  state.authToken = session.access;
  state.isAuthenticated = true;
  state.isNewUser = session.isNewUser;
  state.isTwoFaOn = session.user.isTwoFaOn;
}

/** SPEC §4: logout clears the token, the two-factor flag and the error. */
function clearSession(state: AuthState): void {
  state.authToken = null;
  state.isAuthenticated = false;
  state.isNewUser = false;
  state.isTwoFaOn = false;
  state.error = false;
  state.errorMsg = null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: restoredState,
  reducers: {
    /** A refresh, by request or on a 401, produced a new access token. */
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.authToken = action.payload;
      state.isAuthenticated = true;
    },
    /** The session ended without a logout call: refresh failed or the refresh token expired. */
    sessionEnded: clearSession,
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.fulfilled, (state, { payload }) => {
        if ('twoFa' in payload) state.isTwoFaOn = true;
        else startSession(state, payload);
      })
      .addCase(logout.pending, (state) => {
        state.loading = true;
      })
      .addCase(logout.fulfilled, (state) => {
        state.loading = false;
        clearSession(state);
      })
      .addCase(logout.rejected, (state, { payload }) => {
        state.loading = false;
        state.error = true;
        state.errorMsg = firstBodyMessage(payload) ?? MESSAGES.generic;
      })
      .addCase(logoutAll.fulfilled, clearSession)
      .addCase(toggleTwoFactor.fulfilled, (state, { payload }) => {
        state.isTwoFaOn = payload.isTwoFaOn;
      })
      .addCase(restoreSession.pending, (state) => {
        state.loading = true;
      })
      .addCase(restoreSession.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.authToken = payload;
        state.isAuthenticated = true;
      })
      // A failed restore already ended the session; the member just sees the login page.
      .addCase(restoreSession.rejected, (state) => {
        state.loading = false;
      })
      .addMatcher(isFulfilled(...tokenSignIns), (state, { payload }) =>
        startSession(state, payload),
      )
      .addMatcher(isPending(...accountCalls), (state) => {
        state.loading = true;
        state.error = false;
        state.errorMsg = null;
      })
      .addMatcher(isFulfilled(...accountCalls), (state) => {
        state.loading = false;
      })
      .addMatcher(isRejected(...accountCalls), (state, action) => {
        state.loading = false;
        state.error = true;
        state.errorMsg = action.payload ?? MESSAGES.generic;
      });
  },
});

export const { tokenRefreshed, sessionEnded } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: AuthRootState): AuthState => state.auth;
export const selectAuthToken = (state: AuthRootState): string | null => state.auth.authToken;
export const selectIsAuthenticated = (state: AuthRootState): boolean => state.auth.isAuthenticated;
export const selectAuthLoading = (state: AuthRootState): boolean => state.auth.loading;
export const selectAuthErrorMsg = (state: AuthRootState): string | null =>
  state.auth.error ? state.auth.errorMsg : null;
export const selectIsNewUser = (state: AuthRootState): boolean => state.auth.isNewUser;
export const selectIsTwoFaOn = (state: AuthRootState): boolean => state.auth.isTwoFaOn;
/** A login answered "two-factor": the member must open the mailed link. */
export const selectIsAwaitingTwoFactor = (state: AuthRootState): boolean =>
  state.auth.isTwoFaOn && !state.auth.isAuthenticated;
