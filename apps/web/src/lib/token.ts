/** A JWT's claims as sent; the client never checks the signature, so nothing here is trusted. */
export type TokenPayload = Record<string, unknown>;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodePart(part: string): TokenPayload | undefined {
  if (!BASE64URL.test(part)) return undefined;
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as TokenPayload)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The payload of a JWT. SPEC §5: anything that is not a valid three-part
 * base64url token (JSON header and payload, non-empty signature) decodes to `{}`.
 */
export function decodeToken(token: string | null | undefined): TokenPayload {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3) return {};
  const [header = '', payload = '', signature = ''] = parts;
  if (!BASE64URL.test(signature) || decodePart(header) === undefined) return {};
  return decodePart(payload) ?? {};
}

/** When the token expires, in ms since the epoch; undefined when it carries no usable expiry. */
export function tokenExpiresAtMs(token: string | null | undefined): number | undefined {
  const { exp } = decodeToken(token);
  // `exp` is in seconds since the epoch (RFC 7519).
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
}

/**
 * Whether the token expires within `windowMs` from `now` (or already has).
 * A token whose expiry cannot be read is treated as expired: it cannot be trusted to last.
 */
export function isTokenExpiringWithin(
  token: string | null | undefined,
  windowMs: number,
  now: number = Date.now(),
): boolean {
  const expiresAt = tokenExpiresAtMs(token);
  return expiresAt === undefined || expiresAt - now <= windowMs;
}

export function isTokenExpired(
  token: string | null | undefined,
  now: number = Date.now(),
): boolean {
  return isTokenExpiringWithin(token, 0, now);
}
