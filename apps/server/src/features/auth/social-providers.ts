import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { DetailError } from './auth.errors';

export type Provider = 'google' | 'apple' | 'facebook';

/** Who the provider says is signing in. */
export interface SocialIdentity {
  provider: Provider;
  providerUserId: string;
  /** Only set when the provider vouches for it. */
  verifiedEmail: string | undefined;
  name: string;
  firstName: string;
  lastName: string;
}

export const PROVIDER_NAMES: Record<Provider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
};

const FETCH_TIMEOUT_MS = 10_000;

const refused = (provider: Provider) =>
  new AppError(
    'validation',
    `${PROVIDER_NAMES[provider]} did not confirm this sign-in; please try again.`,
  );

export const notConfigured = (provider: Provider) =>
  new DetailError(`${PROVIDER_NAMES[provider]} sign-in is not configured on this server.`);

/** A provider's JSON answer, or a 400 when it refuses the token or cannot be reached. */
async function fetchJson(
  provider: Provider,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw new AppError(
      'validation',
      `${PROVIDER_NAMES[provider]} could not be reached; please try again in a moment.`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok || typeof body !== 'object' || body === null) throw refused(provider);
  return body as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const truthy = (value: unknown) => value === true || value === 'true';

/**
 * Google: the access token must have been issued to our client id (tokeninfo's aud/azp), and
 * the userinfo endpoint must vouch for the address (email_verified).
 */
export async function googleIdentity(config: Config, accessToken: string): Promise<SocialIdentity> {
  const clientId = config.googleClientId;
  if (!clientId) throw notConfigured('google');
  const info = await fetchJson(
    'google',
    `${config.googleTokeninfoUrl}?access_token=${encodeURIComponent(accessToken)}`,
  );
  if (info.aud !== clientId && info.azp !== clientId) throw refused('google');
  const user = await fetchJson('google', config.googleUserinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const sub = text(user.sub);
  if (!sub || (info.sub !== undefined && info.sub !== sub)) throw refused('google');
  return {
    provider: 'google',
    providerUserId: sub,
    verifiedEmail: truthy(user.email_verified) ? text(user.email) || undefined : undefined,
    name: text(user.name),
    firstName: text(user.given_name),
    lastName: text(user.family_name),
  };
}

const appleKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Apple: the id_token's signature (Apple's JWKS), issuer, audience and expiry. */
export async function appleIdentity(
  config: Config,
  idToken: string,
  now: Date,
): Promise<SocialIdentity> {
  const clientId = config.appleClientId;
  if (!clientId) throw notConfigured('apple');
  let keySet = appleKeySets.get(config.appleJwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(config.appleJwksUrl), {
      timeoutDuration: FETCH_TIMEOUT_MS,
    });
    appleKeySets.set(config.appleJwksUrl, keySet);
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet, {
      issuer: config.appleIssuer,
      audience: clientId,
      algorithms: ['RS256', 'ES256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch {
    throw refused('apple');
  }
  const sub = text(payload.sub);
  if (!sub) throw refused('apple');
  return {
    provider: 'apple',
    providerUserId: sub,
    verifiedEmail: truthy(payload.email_verified) ? text(payload.email) || undefined : undefined,
    name: '',
    firstName: '',
    lastName: '',
  };
}

/** Facebook: Graph /me with appsecret_proof, which only our app secret can compute. */
export async function facebookIdentity(
  config: Config,
  accessToken: string,
): Promise<SocialIdentity> {
  const secret = config.facebookAppSecret;
  if (!config.facebookAppId || !secret) throw notConfigured('facebook');
  const proof = createHmac('sha256', secret).update(accessToken).digest('hex');
  const query = new URLSearchParams({
    fields: 'id,name,email,first_name,last_name',
    access_token: accessToken,
    appsecret_proof: proof,
  });
  const me = await fetchJson('facebook', `${config.facebookGraphUrl}/me?${query.toString()}`);
  const id = text(me.id);
  if (!id) throw refused('facebook');
  return {
    provider: 'facebook',
    providerUserId: id,
    // Graph only returns a confirmed address.
    verifiedEmail: text(me.email) || undefined,
    name: text(me.name),
    firstName: text(me.first_name),
    lastName: text(me.last_name),
  };
}
