import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type TestClock } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { users } from '../users';
import { socialAccounts } from './auth.tables';

const GOOGLE_CLIENT = 'agora-google-client';
const APPLE_CLIENT = 'org.agora.web';
const FB_APP = 'fb-app-1';
const FB_SECRET = 'fb-secret-xyz';

/** Google, Apple and Facebook as the server sees them, on 127.0.0.1. */
async function startFakeProvider() {
  const apple = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(apple.publicKey)), kid: 'apple-1', alg: 'RS256', use: 'sig' };
  const googleUsers: Record<string, Record<string, unknown>> = {};
  const facebookUsers: Record<string, Record<string, unknown>> = {};
  const seen: string[] = [];

  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push(url.pathname);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/apple/keys') return send(200, { keys: [jwk] });
    if (url.pathname === '/google/tokeninfo') {
      const user = googleUsers[url.searchParams.get('access_token') ?? ''];
      return user ? send(200, { aud: user.aud ?? GOOGLE_CLIENT, sub: user.sub }) : send(400, {});
    }
    if (url.pathname === '/google/userinfo') {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const user = googleUsers[token];
      return user ? send(200, user) : send(401, { error: 'invalid_token' });
    }
    if (url.pathname === '/graph/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const proof = createHmac('sha256', FB_SECRET).update(token).digest('hex');
      if (url.searchParams.get('appsecret_proof') !== proof) {
        return send(400, { error: { message: 'Invalid appsecret_proof' } });
      }
      const user = facebookUsers[token];
      return user ? send(200, user) : send(400, { error: { message: 'Invalid token' } });
    }
    return send(404, {});
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idToken = (
    claims: Record<string, unknown>,
    options: {
      key?: CryptoKey;
      audience?: string;
      expiresIn?: string | number;
      issuer?: string;
    } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'apple-1' })
      .setIssuer(options.issuer ?? 'https://appleid.apple.com')
      .setAudience(options.audience ?? APPLE_CLIENT)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.key ?? apple.privateKey);

  return {
    base,
    googleUsers,
    facebookUsers,
    seen,
    idToken,
    strangerKey: stranger.privateKey,
    close: () => new Promise((done) => server.close(done)),
  };
}

describe('social sign-in', () => {
  let t: TestApp & { clock: TestClock };
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await createAccountsTestApp({
      config: {
        googleClientId: GOOGLE_CLIENT,
        googleUserinfoUrl: `${fake.base}/google/userinfo`,
        googleTokeninfoUrl: `${fake.base}/google/tokeninfo`,
        appleClientId: APPLE_CLIENT,
        appleJwksUrl: `${fake.base}/apple/keys`,
        facebookAppId: FB_APP,
        facebookAppSecret: FB_SECRET,
        facebookGraphUrl: `${fake.base}/graph`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (provider: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/auth/${provider}/`, payload });
  const links = (userId: number) =>
    t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));

  it('lists the configured providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/providers/' });
    expect(response.json()).toEqual({
      google: GOOGLE_CLIENT,
      apple: APPLE_CLIENT,
      facebook: FB_APP,
    });
  });

  it('Google: makes a verified account from the name, then signs the same person in again', async () => {
    fake.googleUsers['g-token'] = {
      sub: 'g-100',
      email: 'Ada.Lovelace@gmail.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    };
    const first = await post('google', { access_token: 'g-token' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      isNewUser: true,
      user: expect.objectContaining({
        username: 'ada.lovelace',
        email: 'Ada.Lovelace@gmail.com',
        emailVerified: true,
        firstName: 'Ada',
        lastName: 'Lovelace',
        hasPassword: false,
      }),
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toBeNull();
    expect(await links(body.user.id)).toEqual([
      expect.objectContaining({ provider: 'google', providerUserId: 'g-100' }),
    ]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: bearer(body.access),
    });
    expect(me.statusCode).toBe(200);

    const again = await post('google', { access_token: 'g-token' });
    expect(again.json()).toMatchObject({ isNewUser: false, user: { id: body.user.id } });
    expect(await t.db.$count(users)).toBe(1);
  });

  it('Google: a verified address matching an account signs into it and links it', async () => {
    const bob = await signUp(t, 'bob', { email: 'bob@example.org' });
    fake.googleUsers['bob-token'] = {
      sub: 'g-bob',
      email: 'BOB@example.org',
      email_verified: true,
      name: 'Bob',
    };
    const response = await post('google', { access_token: 'bob-token' });
    expect(response.json()).toMatchObject({
      isNewUser: false,
      user: { id: bob.user.id, emailVerified: true },
    });
    expect(await links(bob.user.id)).toHaveLength(1);
  });

  it('Google: refuses an unverified address, a token for another app and a rejected token', async () => {
    const before = await t.db.$count(users);
    fake.googleUsers['unverified'] = {
      sub: 'g-2',
      email: 'x@gmail.com',
      email_verified: false,
      name: 'X',
    };
    fake.googleUsers['other-app'] = {
      sub: 'g-3',
      email: 'y@gmail.com',
      email_verified: true,
      aud: 'someone-else',
    };
    const unverified = await post('google', { access_token: 'unverified' });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toEqual({
      nonFieldErrors: [expect.stringContaining('no confirmed email')],
    });
    for (const token of ['other-app', 'revoked-token']) {
      const response = await post('google', { access_token: token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        nonFieldErrors: [expect.stringContaining('Google did not confirm')],
      });
    }
    expect((await post('google', {})).json()).toEqual({ access_token: [expect.any(String)] });
    expect(await t.db.$count(users)).toBe(before);
  });

  it('Apple: signs in with an id_token verified against the JWKS', async () => {
    const idToken = await fake.idToken({
      sub: 'apple-7',
      email: 'cat@privaterelay.appleid.com',
      email_verified: 'true',
    });
    const response = await post('apple', { access_token: 'code', id_token: idToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isNewUser: true,
      user: { username: 'cat', emailVerified: true },
    });
    expect(fake.seen).toContain('/apple/keys');
  });

  it('Apple: refuses forged id_tokens (other key, wrong audience or issuer, expired, garbage)', async () => {
    const claims = { sub: 'apple-evil', email: 'evil@example.org', email_verified: true };
    const forged = [
      await fake.idToken(claims, { key: fake.strangerKey }),
      await fake.idToken(claims, { audience: 'com.someone.else' }),
      await fake.idToken(claims, { issuer: 'https://evil.example.org' }),
      await fake.idToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      'not.a.jwt',
    ];
    const before = await t.db.$count(users);
    for (const idToken of forged) {
      const response = await post('apple', { access_token: 'code', id_token: idToken });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        nonFieldErrors: [expect.stringContaining('Apple did not confirm')],
      });
    }
    expect(await t.db.$count(users)).toBe(before);
    expect((await post('apple', { access_token: 'code' })).json()).toEqual({
      id_token: [expect.any(String)],
    });
  });

  it('Facebook: checks appsecret_proof and answers key and expiredAt', async () => {
    fake.facebookUsers['fb-token'] = { id: 'fb-9', name: 'Dee Dee', email: 'dee@example.org' };
    const response = await post('facebook', { access_token: 'fb-token' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual(
      expect.objectContaining({ isNewUser: true, key: body.access, expiredAt: expect.any(String) }),
    );
    const claims = JSON.parse(Buffer.from(body.access.split('.')[1], 'base64url').toString());
    expect(new Date(body.expiredAt).getTime()).toBe(claims.exp * 1000);
    expect(body.user).toMatchObject({ username: 'dee.dee', email: 'dee@example.org' });

    const refused = await post('facebook', { access_token: 'unknown-token' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      nonFieldErrors: [expect.stringContaining('Facebook did not confirm')],
    });
  });
});

describe('social sign-in when no provider is configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { authRateLimitMax: 1000 } });
  });
  afterAll(() => t.close());

  it.each([
    ['google', { access_token: 'x' }, 'Google sign-in is not configured on this server.'],
    [
      'apple',
      { access_token: 'x', id_token: 'y' },
      'Apple sign-in is not configured on this server.',
    ],
    ['facebook', { access_token: 'x' }, 'Facebook sign-in is not configured on this server.'],
  ])('answers 400 for %s', async (provider, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: `/auth/${provider}/`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message });
    expect(await t.db.$count(users)).toBe(0);
  });

  it('lists no provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/providers/' });
    expect(response.json()).toEqual({ google: null, apple: null, facebook: null });
  });
});
