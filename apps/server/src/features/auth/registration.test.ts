import { eq, sql } from 'drizzle-orm';
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
import { users } from '../users';
import { oneTimeTokens, sessions } from './auth.tables';

describe('POST /auth/registration/', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/auth/registration/', payload });
  const valid = (name: string) => ({
    username: name,
    email: `${name}@Example.ORG`,
    password1: PASSWORD,
    password2: PASSWORD,
  });
  const countUsers = () => t.db.$count(users);

  it('creates the account, signs it in and mails a confirmation link', async () => {
    const response = await register({ ...valid('Ada.L'), email: 'Ada@Example.ORG' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: {
        id: expect.any(Number),
        username: 'Ada.L',
        email: 'Ada@example.org',
        firstName: '',
        lastName: '',
        bio: '',
        avatar: null,
        country: null,
        emailVerified: false,
        isTwoFaOn: false,
        notificationsOn: true,
        hasPassword: true,
        isStaff: false,
        role: 'member',
        silence: null,
        dateJoined: expect.any(String),
      },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(await t.db.$count(sessions, eq(sessions.userId, body.user.id))).toBe(1);

    const [mail] = await mailsTo(t, 'Ada@example.org');
    expect(mail?.subject).toBe('Confirm your email address for Agora');
    const [key] = await lastLink(t, 'Ada@example.org', '/verify-email/');
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: bearer(body.access),
    });
    expect(me.json()).toMatchObject({ username: 'Ada.L', emailVerified: false });

    // The link confirms the address once.
    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/registration/verify-email/',
        payload: { key },
      });
    const first = await verify();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: expect.stringContaining('confirmed') });
    const [verified] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(verified?.emailVerified).toBe(true);
    const again = await verify();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ key: [expect.stringContaining('already used')] });
  });

  it('keeps only the SHA-256 of mailed tokens', async () => {
    await signUp(t, 'hashcheck');
    const [key] = await lastLink(t, 'hashcheck@example.org', '/verify-email/');
    const rows = await t.db.select().from(oneTimeTokens);
    expect(rows.some((row) => row.tokenHash === key)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it.each([
    ['username', { username: 'ab' }, 'at least 3'],
    ['username', { username: 'bad name' }, 'only letters'],
    ['username', { username: '12345' }, 'only digits'],
    ['email', { email: 'not-an-email' }, 'valid email'],
    ['password1', { password1: 'short1', password2: 'short1' }, 'at least 8'],
    ['password1', { password1: '1234567890', password2: '1234567890' }, 'only digits'],
    ['password1', { password1: 'Password1', password2: 'Password1' }, 'too common'],
    ['password1', { password1: 'iloveyou', password2: 'iloveyou' }, 'too common'],
    [
      'password1',
      { password1: 'grace_hopper1', password2: 'grace_hopper1' },
      'similar to your username',
    ],
    [
      'password1',
      { password1: 'hopper.grace', password2: 'hopper.grace' },
      'similar to your username',
    ],
    ['password1', { password1: 'gracie@navy', password2: 'gracie@navy' }, 'similar to your email'],
    ['password2', { password2: 'something else' }, 'do not match'],
  ])('refuses a bad %s (%j) and writes nothing', async (field, change, message) => {
    const before = await countUsers();
    const response = await register({
      ...valid('grace_hopper'),
      email: 'gracie.navy@example.org',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [expect.stringContaining(message)] });
    expect(await countUsers()).toBe(before);
  });

  it('refuses a taken username or email whatever their case, naming each field', async () => {
    await signUp(t, 'linus', { email: 'linus@example.org' });
    const before = await countUsers();
    const response = await register({ ...valid('LINUS'), email: 'LINUS@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['This username is already taken.'],
      email: [expect.stringContaining('already exists')],
    });
    expect(await countUsers()).toBe(before);
  });

  it('refuses the names given to deleted accounts', async () => {
    const response = await register(valid('deleted-42'));
    expect(response.json()).toEqual({ username: [expect.stringContaining('reserved')] });
  });

  it('refuses a missing body field', async () => {
    const response = await register({ username: 'nobody' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['email', 'password1', 'password2']);
  });
});

describe('email confirmation links', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  const verify = (key: string) =>
    t.app.inject({ method: 'POST', url: '/auth/registration/verify-email/', payload: { key } });
  const resend = (email: string) =>
    t.app.inject({ method: 'POST', url: '/auth/registration/resend-email/', payload: { email } });

  it('refuses an unknown key and an empty one', async () => {
    expect((await verify('not-a-real-key')).json()).toEqual({
      key: [expect.stringContaining('invalid')],
    });
    const empty = await verify('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ key: [expect.any(String)] });
  });

  it('mails one confirmation link a minute at most, answering alike', async () => {
    await signUp(t, 'impatient');
    const first = await resend('impatient@example.org');
    expect(first.statusCode).toBe(200);
    expect(await mailsTo(t, 'impatient@example.org')).toHaveLength(1);
    const [key = ''] = await lastLink(t, 'impatient@example.org', '/verify-email/');
    t.clock.advance(61_000);
    const second = await resend('impatient@example.org');
    expect(second.json()).toEqual(first.json());
    expect(await mailsTo(t, 'impatient@example.org')).toHaveLength(2);
    // The link that went first stopped working only when the second was sent.
    expect((await verify(key)).statusCode).toBe(400);
  });

  it('refuses a key after 3 days', async () => {
    const member = await signUp(t, 'slowpoke');
    const [key = ''] = await lastLink(t, 'slowpoke@example.org', '/verify-email/');
    t.clock.advance(3 * 24 * 60 * 60 * 1000 + 1000);
    const response = await verify(key);
    expect(response.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row?.emailVerified).toBe(false);
  });

  it('resends to an unconfirmed address, and the older link stops working', async () => {
    await signUp(t, 'resender');
    const [oldKey = ''] = await lastLink(t, 'resender@example.org', '/verify-email/');
    // One link a minute at most (see the throttle's own test).
    t.clock.advance(61_000);
    const response = await resend('RESENDER@example.org');
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(await mailsTo(t, 'resender@example.org')).toHaveLength(2);
    const [newKey = ''] = await lastLink(t, 'resender@example.org', '/verify-email/');
    expect(newKey).not.toBe(oldKey);
    expect((await verify(oldKey)).statusCode).toBe(400);
    expect((await verify(newKey)).statusCode).toBe(200);

    // Confirmed and unknown addresses get the very same answer, and no mail.
    const confirmed = await resend('resender@example.org');
    const unknown = await resend('nobody-here@example.org');
    expect(confirmed.json()).toEqual(answer);
    expect(unknown.json()).toEqual(answer);
    expect(unknown.statusCode).toBe(200);
    expect(await mailsTo(t, 'resender@example.org')).toHaveLength(2);
    expect(await mailsTo(t, 'nobody-here@example.org')).toHaveLength(0);
  });

  it('refuses a malformed address on resend', async () => {
    const response = await resend('nope');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [expect.any(String)] });
    expect(await t.db.$count(users, sql`lower(email) = 'nope'`)).toBe(0);
  });
});
