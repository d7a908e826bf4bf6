import { randomUUID, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  sessionId: string;
  jti: string;
  type: TokenType;
  expiresAt: Date;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** The token is not one of ours, was tampered with, is of the other type or has expired. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  /** Set when the token is authentic but past its expiry. */
  readonly expiredClaims: TokenClaims | undefined;
  constructor(message: string, expiredClaims?: TokenClaims) {
    super(message);
    this.expiredClaims = expiredClaims;
  }
}

const ALGORITHM = 'HS256';
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
/** Imported once per secret: given the raw bytes, jose would import them on every call. */
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
};

/** An HS256 JWT carrying sub (user id), sid (session id), jti and type. */
export async function signToken(
  secret: string,
  claims: { type: TokenType; userId: number; sessionId: string; ttlSeconds: number; now: Date },
): Promise<SignedToken> {
  const jti = randomUUID();
  const issuedAt = Math.floor(claims.now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + claims.ttlSeconds) * 1000);
  const token = await new SignJWT({ sid: claims.sessionId, type: claims.type })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + claims.ttlSeconds)
    .sign(await keyOf(secret));
  return { token, jti, expiresAt };
}

function claimsOf(payload: JWTPayload, type: TokenType): TokenClaims | undefined {
  const userId = Number(payload.sub);
  const { sid, jti, exp } = payload;
  if (
    payload.type !== type ||
    !Number.isSafeInteger(userId) ||
    userId <= 0 ||
    typeof sid !== 'string' ||
    typeof jti !== 'string' ||
    typeof exp !== 'number'
  ) {
    return undefined;
  }
  return { userId, sessionId: sid, jti, type, expiresAt: new Date(exp * 1000) };
}

/**
 * Tokens whose signature was already checked, per secret: a member's access token is sent with
 * every request for minutes, and checking an HMAC through WebCrypto costs more than the rest of
 * a small request's authentication. Expiry and type are still checked on every use.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, Map<string, TokenClaims>>();

function remember(secret: string, token: string, claims: TokenClaims): void {
  let tokens = verified.get(secret);
  if (!tokens) {
    tokens = new Map();
    verified.set(secret, tokens);
  }
  if (tokens.size >= VERIFIED_MAX) {
    const oldest = tokens.keys().next().value;
    if (oldest !== undefined) tokens.delete(oldest);
  }
  tokens.set(token, claims);
}

/** What `verifyToken` decides for a token whose signature is known to be good. */
function checkKnown(claims: TokenClaims, type: TokenType, now: Date): TokenClaims {
  // As jose counts: expired once the current whole second reaches `exp`.
  if (Math.floor(now.getTime() / 1000) >= claims.expiresAt.getTime() / 1000) {
    throw new InvalidTokenError('expired', claims.type === type ? claims : undefined);
  }
  if (claims.type !== type) throw new InvalidTokenError(`not an ${type} token`);
  return claims;
}

/** Verifies signature, algorithm, type and expiry; throws InvalidTokenError otherwise. */
export async function verifyToken(
  secret: string,
  token: string,
  type: TokenType,
  now: Date,
): Promise<TokenClaims> {
  const known = verified.get(secret)?.get(token);
  if (known) return checkKnown(known, type, now);
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const claims = claimsOf(payload, type);
    if (!claims) throw new InvalidTokenError(`not an ${type} token`);
    remember(secret, token, claims);
    return claims;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JWTExpired) {
      throw new InvalidTokenError('expired', claimsOf(error.payload, type));
    }
    throw new InvalidTokenError('invalid');
  }
}
