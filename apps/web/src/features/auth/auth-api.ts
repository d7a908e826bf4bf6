import type {
  AppleLogin,
  AuthProviders,
  AuthResponse,
  DeleteAccount,
  FacebookLogin,
  FacebookLoginResponse,
  GoogleLogin,
  Login,
  LoginResponse,
  Logout,
  PasswordChange,
  PasswordReset,
  PasswordResetConfirm,
  Registration,
  ResendEmail,
  SessionHistoryPage,
  SocialLoginResponse,
  TwoFactorToggled,
  VerifyEmail,
} from '@agora/shared';
import { api } from '../../lib/api';
import { ResponseError } from '../../lib/api-error';
import { apiUrl, http } from '../../lib/http-client';
import { isTwoFactorPending, sessionAnswer } from '../../lib/session-answer';

/** Account calls of SPEC §7; each resolves with the validated answer or rejects with the raw error. */

export async function login(credentials: Login, signal?: AbortSignal): Promise<LoginResponse> {
  const { data } = await http.post<LoginResponse>('/auth/login/', credentials, { signal });
  return isTwoFactorPending(data) ? data : sessionAnswer(data);
}

/** SPEC §7: plain fetch with an empty body; the token in the mailed link is the credential. */
export async function verifyTwoFactor(token: string, signal?: AbortSignal): Promise<AuthResponse> {
  const response = await fetch(apiUrl(`auth/verify-2fa/${encodeURIComponent(token)}/`), {
    method: 'POST',
    signal,
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ResponseError(response.status, data);
  // Written by the server through ZAuthResponse, as every answer `http` reads (http-client.ts).
  return sessionAnswer(data as AuthResponse);
}

export async function googleLogin(
  body: GoogleLogin,
  signal?: AbortSignal,
): Promise<SocialLoginResponse> {
  const { data } = await http.post<SocialLoginResponse>('/auth/google/', body, { signal });
  return sessionAnswer(data);
}

export async function appleLogin(
  body: AppleLogin,
  signal?: AbortSignal,
): Promise<SocialLoginResponse> {
  const { data } = await http.post<SocialLoginResponse>('/auth/apple/', body, { signal });
  return sessionAnswer(data);
}

export async function facebookLogin(
  body: FacebookLogin,
  signal?: AbortSignal,
): Promise<FacebookLoginResponse> {
  const { data } = await http.post<FacebookLoginResponse>('/auth/facebook/', body, { signal });
  return sessionAnswer(data);
}

export async function register(body: Registration, signal?: AbortSignal): Promise<AuthResponse> {
  const { data } = await http.post<AuthResponse>('/auth/registration/', body, { signal });
  return sessionAnswer(data);
}

/** The status and body of an answer; SPEC §4 ends the session only on a 204. */
export interface LogoutAnswer {
  status: number;
  data: unknown;
}

export async function logout(body: Logout, signal?: AbortSignal): Promise<LogoutAnswer> {
  const { status, data } = await http.post('/auth/logout/', body, { signal });
  return { status, data };
}

export async function logoutAll(signal?: AbortSignal): Promise<LogoutAnswer> {
  const { status, data } = await http.post('/auth/logoutall/', undefined, { signal });
  return { status, data };
}

export async function toggleTwoFactor(signal?: AbortSignal): Promise<TwoFactorToggled> {
  const { data } = await http.put<TwoFactorToggled>('/auth/userinfo/two/2fa/', undefined, {
    signal,
  });
  return data;
}

/* ------------------------------------------------------------------------------------------ */
/* Account calls the slice does not hold state for: RTK Query endpoints with cache tags.      */
/* ------------------------------------------------------------------------------------------ */

const accountApi = api.enhanceEndpoints({ addTagTypes: ['Session', 'Providers'] }).injectEndpoints({
  endpoints: (build) => ({
    getProviders: build.query<AuthProviders, undefined>({
      query: () => '/auth/providers/',
      providesTags: ['Providers'],
    }),
    verifyEmail: build.mutation<unknown, VerifyEmail>({
      query: (body) => ({ url: '/auth/registration/verify-email/', method: 'POST', data: body }),
    }),
    resendEmail: build.mutation<unknown, ResendEmail>({
      query: (body) => ({ url: '/auth/registration/resend-email/', method: 'POST', data: body }),
    }),
    changePassword: build.mutation<unknown, PasswordChange>({
      query: (body) => ({ url: '/auth/password/change/', method: 'POST', data: body }),
    }),
    resetPassword: build.mutation<unknown, PasswordReset>({
      query: (body) => ({ url: '/auth/password/reset/', method: 'POST', data: body }),
    }),
    confirmPasswordReset: build.mutation<
      unknown,
      PasswordResetConfirm & { uid: string; token: string }
    >({
      query: ({ uid, token, ...body }) => ({
        url: `/auth/password/reset/confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
        method: 'POST',
        data: body,
      }),
    }),
    getSessions: build.query<SessionHistoryPage, undefined>({
      query: () => '/auth/userinfo/sessions/history/',
      providesTags: (page) => [
        { type: 'Session', id: 'LIST' },
        ...(page?.results ?? []).map((session) => ({ type: 'Session' as const, id: session.id })),
      ],
    }),
    revokeSession: build.mutation<unknown, string>({
      query: (id) => ({
        url: `/auth/userinfo/sessions/history/${encodeURIComponent(id)}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Session', id }],
    }),
    deleteAccount: build.mutation<unknown, DeleteAccount>({
      query: (body) => ({ url: '/auth/user', method: 'DELETE', data: body }),
    }),
  }),
});

export const {
  useGetProvidersQuery,
  useVerifyEmailMutation,
  useResendEmailMutation,
  useChangePasswordMutation,
  useResetPasswordMutation,
  useConfirmPasswordResetMutation,
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useDeleteAccountMutation,
} = accountApi;
