import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { MESSAGES } from '@agora/shared';
import type { PrivateUser } from '@agora/shared';
import { nonFieldErrorMessage, ResponseError } from '../../lib/api-error';
import { clearTokens, readRefreshToken } from '../../lib/cookies';
import { logout, logoutAll, selectAuthToken, sessionEnded, toggleTwoFactor } from '../auth';
import type { AuthRootState } from '../auth';
import * as usersApi from './users-api';
import type { ProfileChanges } from './users-api';

/** SPEC §3: the signed-in member's own profile. */
export interface UserState {
  profile: PrivateUser | null;
  loading: boolean;
  /** The message of the last failed profile call. */
  error: string | null;
}

/** The part of the store this feature reads; the store mounts `userReducer` under `user`. */
export interface UserRootState {
  user: UserState;
}

const initialState: UserState = { profile: null, loading: false, error: null };

/** Profile calls fail with a message a member can read (SPEC §8). */
const createProfileThunk = createAsyncThunk.withTypes<{
  state: AuthRootState;
  rejectValue: string;
}>();

/** SPEC §6: fetched only when both the access and the refresh token exist; otherwise skipped. */
export const fetchProfile = createProfileThunk(
  'user/fetchProfile',
  async (_, { signal, rejectWithValue, dispatch }) => {
    try {
      return await usersApi.getProfile(signal);
    } catch (error) {
      // A 401 to a token that is not about to expire means the server ended this session (revoked
      // from another device, or the account deleted): the member is signed out here too.
      if (error instanceof ResponseError && error.status === 401) {
        clearTokens();
        dispatch(sessionEnded());
      }
      return rejectWithValue(nonFieldErrorMessage(error, MESSAGES.getUserInfoDefault));
    }
  },
  {
    condition: (_, { getState }) =>
      selectAuthToken(getState()) !== null && readRefreshToken() !== undefined,
  },
);

export const updateProfile = createProfileThunk(
  'user/updateProfile',
  async (changes: ProfileChanges, { signal, rejectWithValue }) => {
    try {
      return await usersApi.updateProfile(changes, signal);
    } catch (error) {
      return rejectWithValue(nonFieldErrorMessage(error, MESSAGES.updateUserInfoDefault));
    }
  },
);

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(toggleTwoFactor.fulfilled, (state, { payload }) => {
        if (state.profile) state.profile.isTwoFaOn = payload.isTwoFaOn;
      })
      // SPEC §4: logout clears the stored user data.
      .addMatcher(isAnyOf(logout.fulfilled, logoutAll.fulfilled, sessionEnded), () => initialState)
      .addMatcher(isAnyOf(fetchProfile.pending, updateProfile.pending), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(
        isAnyOf(fetchProfile.fulfilled, updateProfile.fulfilled),
        (state, { payload }) => {
          state.loading = false;
          state.profile = payload;
        },
      )
      .addMatcher(isAnyOf(fetchProfile.rejected, updateProfile.rejected), (state, action) => {
        state.loading = false;
        state.error = action.payload ?? MESSAGES.generic;
      });
  },
});

export const userReducer = userSlice.reducer;

export const selectProfile = (state: UserRootState): PrivateUser | null => state.user.profile;
export const selectUserLoading = (state: UserRootState): boolean => state.user.loading;
export const selectUserError = (state: UserRootState): string | null => state.user.error;
