import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountsTestApp,
  lastLink,
  mailsTo,
  PASSWORD,
  signUp,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';
import { users } from '../users';
import { loginFailures, sessions } from './auth.tables';

const INVALID = { nonFieldErrors: ['Unable to log in with the provided credentials.'] };

describe('POST /auth/login/', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp({
      config: { loginFailureLimit: 3, loginFailureWindowMinutes: 15 },
    });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/auth/login/', payload, headers });

  it('signs in by username or email, ignoring case, and records the device', async () => {
    const ada = await signUp(t, 'ada');
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    for (const username of ['ADA', 'Ada@Example.org']) {
      const response = await login(
        { username, password: PASSWORD, keepmeloggedin: true },
        { 'user-agent': chrome },
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        user: expect.objectContaining({ id: ada.user.id, username: 'ada' }),
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/auth/user/',
        headers: bearer(body.access),
      });
      expect(me.statusCode).toBe(200);
    }
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, ada.user.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.keepMeLoggedIn)).toHaveLength(2);
    expect(rows.find((row) => row.keepMeLoggedIn)).toMatchObject({
      device: 'Desktop',
      browser: 'Chrome 126',
      os: 'Windows 10',
      ip: '127.0.0.1',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, ada.user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('answers an unknown account and a wrong password alike, and issues nothing', async () => {
    const bob = await signUp(t, 'bob');
    const before = await t.db.$count(sessions);
    const unknown = await login({ username: 'nobody', password: PASSWORD });
    const wrong = await login({ username: 'bob', password: 'not the password' });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID);
    expect(wrong.json()).toEqual(INVALID);
    expect(await t.db.$count(sessions)).toBe(before);
    expect(await t.db.$count(loginFailures, eq(loginFailures.userId, bob.user.id))).toBe(1);
  });

  it.each([
    ['username', { password: PASSWORD }],
    ['password', { username: 'ada' }],
    ['password', { username: 'ada', password: '' }],
    ['keepmeloggedin', { username: 'ada', password: PASSWORD, keepmeloggedin: 'yes' }],
  ])('refuses a missing or bad %s', async (field, payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [expect.any(String)] });
  });

  it('locks an account after too many failures, with Retry-After, even for the right password', async () => {
    const carol = await signUp(t, 'carol');
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ username: 'carol', password: `wrong-${i}` })).statusCode).toBe(400);
    }
    const locked = await login({ username: 'carol', password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: expect.stringContaining('Too many failed sign-in attempts'),
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(await t.db.$count(loginFailures, eq(loginFailures.userId, carol.user.id))).toBe(3);

    // Other accounts are not affected; the lock lifts when the window has passed.
    expect((await login({ username: 'ada', password: PASSWORD })).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    const after = await login({ username: 'carol', password: PASSWORD });
    expect(after.statusCode).toBe(200);
    expect(await t.db.$count(loginFailures, eq(loginFailures.userId, carol.user.id))).toBe(0);
  });
});

describe('no account oracle in POST /auth/login/', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp({
      config: { loginFailureLimit: 3, loginFailureWindowMinutes: 15 },
    });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/auth/login/', payload });

  it('locks a name that belongs to nobody exactly as it locks an account', async () => {
    await signUp(t, 'dora');
    const answers = async (username: string) => {
      const seen: { status: number; body: unknown; retryAfter: unknown }[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await login({ username, password: `wrong-${i}` });
        seen.push({
          status: response.statusCode,
          body: response.json(),
          retryAfter: response.headers['retry-after'],
        });
      }
      return seen;
    };
    const real = await answers('dora');
    const nobody = await answers('Nobody-Here');
    expect(nobody).toEqual(real);
    expect(real.map((answer) => answer.status)).toEqual([400, 400, 400, 429]);
    expect(await t.db.$count(loginFailures, eq(loginFailures.unknownLogin, 'nobody-here'))).toBe(3);
  });

  it('takes the same steps for an unknown name as for a wrong password', async () => {
    await signUp(t, 'emil');
    const statements = (username: string) =>
      t.countQueries(() => login({ username, password: 'not the password' }));
    expect(await statements('ghost-of-emil')).toBe(await statements('emil'));
  });

  it('forgets failures older than the window, whoever they belong to', async () => {
    await login({ username: 'passer-by', password: 'guess' });
    t.clock.advance(15 * 60 * 1000 + 1000);
    await login({ username: 'someone-else', password: 'guess' });
    expect(await t.db.$count(loginFailures, eq(loginFailures.unknownLogin, 'passer-by'))).toBe(0);
    expect(await t.db.$count(loginFailures, eq(loginFailures.unknownLogin, 'someone-else'))).toBe(
      1,
    );
  });
});

describe('per-IP limit on the sign-in endpoints', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp({
      config: { authRateLimitMax: 3, authRateLimitWindowSeconds: 60 },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has used its share, across endpoints', async () => {
    const from = (remoteAddress: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    const credentials = { username: 'x', password: 'y' };
    expect((await from('10.0.0.1', '/auth/login/', credentials)).statusCode).toBe(400);
    expect((await from('10.0.0.1', '/auth/password/reset/', { email: 'a@b.co' })).statusCode).toBe(
      200,
    );
    expect((await from('10.0.0.1', '/auth/login/', credentials)).statusCode).toBe(400);
    const limited = await from('10.0.0.1', '/auth/login/', credentials);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: expect.stringContaining('Too many attempts') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    const registration = await from('10.0.0.1', '/auth/registration/', {
      username: 'late',
      email: 'late@example.org',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(registration.statusCode).toBe(429);
    expect(await t.db.$count(users)).toBe(0);

    // Another address still gets through.
    expect((await from('10.0.0.2', '/auth/login/', credentials)).statusCode).toBe(400);
  });
});

describe('TRUST_PROXY: the client behind a load balancer', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    const config = { authRateLimitMax: 2, authRateLimitWindowSeconds: 60 };
    [trusting, plain] = await Promise.all([
      createAccountsTestApp({ config: { ...config, trustProxy: 1 } }),
      createAccountsTestApp({ config }),
    ]);
  });
  afterAll(() => Promise.all([trusting.close(), plain.close()]));

  // Every request reaches the app from the balancer's address, forwarded for a client.
  const from = (t: TestApp, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'x', password: 'y' },
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': client },
    });

  it('limits each forwarded client on its own when one hop is trusted', async () => {
    for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2']) {
      expect((await from(trusting, client)).statusCode).toBe(400);
    }
    expect((await from(trusting, '203.0.113.1')).statusCode).toBe(429);

    // Session history records the client's address too.
    const member = await signUp(trusting, 'behindlb', {
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    const [session] = await trusting.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, member.user.id));
    expect(session?.ip).toBe('198.51.100.4');
  });

  it('believes no forwarded address when unset: the balancer is one client', async () => {
    expect((await from(plain, '203.0.113.1')).statusCode).toBe(400);
    expect((await from(plain, '203.0.113.2')).statusCode).toBe(400);
    expect((await from(plain, '203.0.113.3')).statusCode).toBe(429);
  });
});

describe('two-factor login', () => {
  let t: TestApp & { clock: TestClock };
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createAccountsTestApp({ logStream: logs.stream });
  });
  afterAll(() => t.close());

  const verify2fa = (token: string) =>
    t.app.inject({ method: 'POST', url: `/auth/verify-2fa/${token}/` });

  async function memberWithTwoFactor(name: string) {
    const member = await signUp(t, name);
    const [key] = await lastLink(t, `${name}@example.org`, '/verify-email/');
    await t.app.inject({
      method: 'POST',
      url: '/auth/registration/verify-email/',
      payload: { key },
    });
    const toggled = await t.app.inject({
      method: 'PUT',
      url: '/auth/userinfo/two/2fa/',
      headers: bearer(member.access),
    });
    expect(toggled.json()).toEqual({ isTwoFaOn: true });
    return member;
  }

  const login = (username: string, keepmeloggedin = false) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username, password: PASSWORD, keepmeloggedin },
    });

  it('answers a correct password with a mailed single-use link instead of tokens', async () => {
    const dora = await memberWithTwoFactor('dora');
    const sessionsBefore = await t.db.$count(sessions);
    const response = await login('dora', true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      twoFa: true,
      detail: expect.stringContaining('check your email'),
    });
    expect(await t.db.$count(sessions)).toBe(sessionsBefore);
    const [mail] = (await mailsTo(t, 'dora@example.org')).slice(-1);
    expect(mail?.subject).toBe('Your Agora sign-in link');
    const [token = ''] = await lastLink(t, 'dora@example.org', '/twofa-token/');

    const verified = await verify2fa(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: expect.objectContaining({ id: dora.user.id, isTwoFaOn: true }),
    });
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, dora.user.id))
      .orderBy(sessions.createdAt)
      .limit(1)
      .offset(1);
    expect(session?.keepMeLoggedIn).toBe(true);

    const reused = await verify2fa(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: expect.stringContaining('already used') });
    expect(await t.db.$count(sessions)).toBe(sessionsBefore + 1);
    // The token reaches no log line but the outbox one (without SMTP, that is how a developer
    // finds links).
    expect(logs.text()).toContain('/auth/verify-2fa/[REDACTED]/');
    const leaking = logs.lines.filter((line) => JSON.stringify(line).includes(token));
    expect(leaking.map((line) => line.msg)).toEqual(['mail written to outbox']);
  });

  it('refuses a link after 10 minutes, and an unknown one', async () => {
    await memberWithTwoFactor('eve');
    await login('eve');
    const [token = ''] = await lastLink(t, 'eve@example.org', '/twofa-token/');
    t.clock.advance(10 * 60 * 1000 + 1000);
    const expired = await verify2fa(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: expect.stringContaining('expired') });
    const unknown = await verify2fa('made-up-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: expect.any(String) });
  });

  it('still refuses a wrong password without sending a link', async () => {
    await memberWithTwoFactor('fay');
    const before = (await mailsTo(t, 'fay@example.org')).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'fay', password: 'wrong password' },
    });
    expect(response.json()).toEqual(INVALID);
    expect(await mailsTo(t, 'fay@example.org')).toHaveLength(before);
  });

  it('needs a confirmed address to turn two-factor on, and turns it off again', async () => {
    const gus = await signUp(t, 'gus');
    const toggle = () =>
      t.app.inject({ method: 'PUT', url: '/auth/userinfo/two/2fa/', headers: bearer(gus.access) });
    const refused = await toggle();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      nonFieldErrors: [expect.stringContaining('Verify your email')],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, gus.user.id));
    expect(row?.isTwoFaOn).toBe(false);

    const dora = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'gus', password: PASSWORD },
    });
    expect(dora.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/userinfo/two/2fa/' })).statusCode).toBe(
      401,
    );
  });
});
