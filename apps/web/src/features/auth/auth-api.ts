import {
  ZAuthResponse,
  ZFacebookLoginResponse,
  ZLoginResponse,
  ZSocialLoginResponse,
  ZTwoFactorToggled,
} from '@agora/shared';
import type {
  AppleLogin,
  AuthResponse,
  FacebookLogin,
  FacebookLoginResponse,
  GoogleLogin,
  Login,
  LoginResponse,
  Logout,
  Registration,
  SocialLoginResponse,
  TwoFactorToggled,
} from '@agora/shared';
import { ResponseError } from '../../lib/api-error';
import { apiUrl, http } from '../../lib/http-client';

/** Account calls of SPEC §7; each resolves with the validated answer or rejects with the raw error. */

export async function login(credentials: Login, signal?: AbortSignal): Promise<LoginResponse> {
  const { data } = await http.post<unknown>('/auth/login/', credentials, { signal });
  return ZLoginResponse.parse(data);
}

/** SPEC §7: plain fetch with an empty body; the token in the mailed link is the credential. */
export async function verifyTwoFactor(token: string, signal?: AbortSignal): Promise<AuthResponse> {
  const response = await fetch(apiUrl(`auth/verify-2fa/${encodeURIComponent(token)}/`), {
    method: 'POST',
    signal,
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ResponseError(response.status, data);
  return ZAuthResponse.parse(data);
}

export async function googleLogin(
  body: GoogleLogin,
  signal?: AbortSignal,
): Promise<SocialLoginResponse> {
  const { data } = await http.post<unknown>('/auth/google/', body, { signal });
  return ZSocialLoginResponse.parse(data);
}

export async function appleLogin(
  body: AppleLogin,
  signal?: AbortSignal,
): Promise<SocialLoginResponse> {
  const { data } = await http.post<unknown>('/auth/apple/', body, { signal });
  return ZSocialLoginResponse.parse(data);
}

export async function facebookLogin(
  body: FacebookLogin,
  signal?: AbortSignal,
): Promise<FacebookLoginResponse> {
  const { data } = await http.post<unknown>('/auth/facebook/', body, { signal });
  return ZFacebookLoginResponse.parse(data);
}

export async function register(body: Registration, signal?: AbortSignal): Promise<AuthResponse> {
  const { data } = await http.post<unknown>('/auth/registration/', body, { signal });
  return ZAuthResponse.parse(data);
}

/** The status and body of an answer; SPEC §4 ends the session only on a 204. */
export interface LogoutAnswer {
  status: number;
  data: unknown;
}

export async function logout(body: Logout, signal?: AbortSignal): Promise<LogoutAnswer> {
  const { status, data } = await http.post<unknown>('/auth/logout/', body, { signal });
  return { status, data };
}

export async function logoutAll(signal?: AbortSignal): Promise<LogoutAnswer> {
  const { status, data } = await http.post<unknown>('/auth/logoutall/', undefined, { signal });
  return { status, data };
}

export async function toggleTwoFactor(signal?: AbortSignal): Promise<TwoFactorToggled> {
  const { data } = await http.put<unknown>('/auth/userinfo/two/2fa/', undefined, { signal });
  return ZTwoFactorToggled.parse(data);
}
