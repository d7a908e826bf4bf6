/** Unsigned test JWTs: the client never checks signatures, only reads claims. */

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function makeJwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

/** A token whose `exp` falls at `expiresAtMs` (a whole second). */
export function jwtExpiringAt(expiresAtMs: number, claims: Record<string, unknown> = {}): string {
  return makeJwt({ ...claims, exp: expiresAtMs / 1000 });
}
