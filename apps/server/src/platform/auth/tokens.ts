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

/** Verifies signature, algorithm, type and expiry; throws InvalidTokenError otherwise. */
export async function verifyToken(
  secret: string,
  token: string,
  type: TokenType,
  now: Date,
): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const claims = claimsOf(payload, type);
    if (!claims) throw new InvalidTokenError(`not an ${type} token`);
    return claims;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JWTExpired) {
      throw new InvalidTokenError('expired', claimsOf(error.payload, type));
    }
    throw new InvalidTokenError('invalid');
  }
}
