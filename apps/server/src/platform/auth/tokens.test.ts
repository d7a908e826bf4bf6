import { describe, expect, it } from 'vitest';
import { InvalidTokenError, signToken, verifyToken } from './tokens';

const SECRET = 'a'.repeat(64);
const NOW = new Date('2026-11-24T12:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

async function issue(type: 'access' | 'refresh' = 'access', secret = SECRET) {
  return signToken(secret, { type, userId: 7, sessionId: 's1', ttlSeconds: 300, now: NOW });
}

async function refusal(verifying: Promise<unknown>): Promise<InvalidTokenError> {
  const error = await verifying.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof InvalidTokenError)) throw new Error('the token was accepted');
  return error;
}

describe('verifyToken', () => {
  it('accepts a token until its expiry, the first time and every time after', async () => {
    const { token, jti, expiresAt } = await issue();
    const claims = { userId: 7, sessionId: 's1', jti, type: 'access', expiresAt };
    expect(await verifyToken(SECRET, token, 'access', NOW)).toEqual(claims);
    expect(await verifyToken(SECRET, token, 'access', later(299))).toEqual(claims);

    const expired = await refusal(verifyToken(SECRET, token, 'access', later(300)));
    expect(expired.message).toBe('expired');
    expect(expired.expiredClaims).toEqual(claims);
  });

  it('refuses a known token of the other type, and one expired, as on first sight', async () => {
    const { token } = await issue('refresh');
    await verifyToken(SECRET, token, 'refresh', NOW);
    expect((await refusal(verifyToken(SECRET, token, 'access', NOW))).message).toBe(
      'not an access token',
    );
    const expired = await refusal(verifyToken(SECRET, token, 'access', later(300)));
    expect(expired.message).toBe('expired');
    expect(expired.expiredClaims).toBeUndefined();
  });

  it('refuses a token signed with another secret, even one verified under its own', async () => {
    const { token } = await issue('access', 'b'.repeat(64));
    await verifyToken('b'.repeat(64), token, 'access', NOW);
    expect((await refusal(verifyToken(SECRET, token, 'access', NOW))).message).toBe('invalid');
  });

  it('refuses a tampered token', async () => {
    const { token } = await issue();
    await verifyToken(SECRET, token, 'access', NOW);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature?.slice(0, -2)}AA`;
    expect((await refusal(verifyToken(SECRET, forged, 'access', NOW))).message).toBe('invalid');
  });
});
