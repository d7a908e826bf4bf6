import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountsTestApp,
  lastLink,
  logIn,
  mailsTo,
  PASSWORD,
  signUp,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';
import { users } from '../users';
import { sessions } from './auth.tables';

const NEW_PASSWORD = 'quiet lantern over the harbour';

describe('password change and reset', () => {
  let t: TestApp & { clock: TestClock };
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createAccountsTestApp({ logStream: logs.stream });
  });
  afterAll(() => t.close());

  const hashOf = async (id: number) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]?.passwordHash;
  const liveSessions = (userId: number) =>
    t.db.$count(sessions, and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const me = (access: string) =>
    t.app.inject({ method: 'GET', url: '/auth/user/', headers: bearer(access) });
  const change = (access: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/password/change/',
      headers: access ? bearer(access) : {},
      payload,
    });
  const reset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/auth/password/reset/', payload: { email } });
  const confirm = (uid: string, token: string, password = NEW_PASSWORD, repeat = password) =>
    t.app.inject({
      method: 'POST',
      url: `/auth/password/reset/confirm/${uid}/${token}/`,
      payload: { new_password1: password, new_password2: repeat },
    });

  it('changes the password and signs the other devices out', async () => {
    const ada = await signUp(t, 'ada');
    const phone = await logIn(t, 'ada');
    const response = await change(ada.access, {
      old_password: PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: expect.stringContaining('saved') });
    expect((await me(ada.access)).statusCode).toBe(200);
    expect((await me(phone.access)).statusCode).toBe(401);
    expect(await liveSessions(ada.user.id)).toBe(1);
    await logIn(t, 'ada', NEW_PASSWORD);
  });

  it.each([
    ['old_password', { old_password: 'wrong one' }, 'incorrectly'],
    ['new_password1', { new_password1: 'qwerty123', new_password2: 'qwerty123' }, 'too common'],
    ['new_password1', { new_password1: 'short', new_password2: 'short' }, 'at least 8'],
    ['new_password1', { new_password1: '9876543210', new_password2: '9876543210' }, 'only digits'],
    ['new_password1', { new_password1: 'bob_builder!', new_password2: 'bob_builder!' }, 'similar'],
    ['new_password2', { new_password2: 'different' }, 'do not match'],
  ])('refuses a bad %s and changes nothing', async (field, body, message) => {
    const bob = (await t.db.select().from(users).where(eq(users.username, 'bob_builder')))[0]
      ? await logIn(t, 'bob_builder')
      : await signUp(t, 'bob_builder');
    const before = await hashOf(bob.user.id);
    const response = await change(bob.access, {
      old_password: PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [expect.stringContaining(message)] });
    expect(await hashOf(bob.user.id)).toBe(before);
  });

  it('needs a signed-in member to change a password', async () => {
    const response = await change(undefined, {
      old_password: PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it('mails one reset link a minute and five an hour to an address, answering alike', async () => {
    await signUp(t, 'flooded');
    const answers = new Set<string>();
    for (let i = 0; i < 10; i += 1) answers.add((await reset('flooded@example.org')).body);
    expect(answers.size).toBe(1);
    expect(await mailsTo(t, 'flooded@example.org')).toHaveLength(2); // the welcome mail and one link
    const [uid = '', firstToken = ''] = await lastLink(
      t,
      'flooded@example.org',
      '/reset-password/',
    );
    // The refused requests did not retire the link that was sent.
    expect((await confirm(uid, firstToken)).statusCode).toBe(200);

    for (let minute = 1; minute <= 6; minute += 1) {
      t.clock.advance(61_000);
      await reset('flooded@example.org');
    }
    // Five in the hour: the first and four of the six that came a minute apart.
    expect(await mailsTo(t, 'flooded@example.org')).toHaveLength(1 + 5);
    t.clock.advance(60 * 60_000);
    await reset('flooded@example.org');
    expect(await mailsTo(t, 'flooded@example.org')).toHaveLength(1 + 6);
  });

  it('resets by mailed link once, signing every session out', async () => {
    const carol = await signUp(t, 'carol');
    const unknown = await reset('nobody@example.org');
    const known = await reset('CAROL@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo(t, 'nobody@example.org')).toHaveLength(0);
    const [uid = '', token = ''] = await lastLink(t, 'carol@example.org', '/reset-password/');

    // A refused password does not use the link up.
    const weak = await confirm(uid, token, 'password123');
    expect(weak.json()).toEqual({ new_password1: [expect.stringContaining('too common')] });
    const mismatch = await confirm(uid, token, NEW_PASSWORD, 'other');
    expect(mismatch.json()).toEqual({ new_password2: [expect.any(String)] });

    const response = await confirm(uid, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: expect.stringContaining('reset') });
    expect(await liveSessions(carol.user.id)).toBe(0);
    expect((await me(carol.access)).statusCode).toBe(401);
    await logIn(t, 'carol', NEW_PASSWORD);

    const reused = await confirm(uid, token, 'yet another good passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: expect.stringContaining('already used') });
    // The token in the path never reaches the log (the outbox line aside).
    expect(logs.text()).toContain(`/auth/password/reset/confirm/${uid}/[REDACTED]/`);
    const leaking = logs.lines.filter((line) => JSON.stringify(line).includes(token));
    expect(leaking.every((line) => line.msg === 'mail written to outbox')).toBe(true);
  });

  it('refuses an expired link, another member’s uid and an unknown token', async () => {
    const dan = await signUp(t, 'dan');
    const eve = await signUp(t, 'eve');
    await reset('dan@example.org');
    const [uid = '', token = ''] = await lastLink(t, 'dan@example.org', '/reset-password/');
    const eveUid = Buffer.from(String(eve.user.id)).toString('base64url');
    const before = await hashOf(eve.user.id);
    expect((await confirm(eveUid, token)).statusCode).toBe(400);
    expect(await hashOf(eve.user.id)).toBe(before);
    expect((await confirm(uid, 'unknown-token')).json()).toEqual({ detail: expect.any(String) });

    t.clock.advance(60 * 60 * 1000 + 1000);
    const expired = await confirm(uid, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: expect.stringContaining('expired') });
    expect(await liveSessions(dan.user.id)).toBe(1);
  });

  it('refuses a malformed address', async () => {
    const response = await reset('not an address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [expect.any(String)] });
  });
});
