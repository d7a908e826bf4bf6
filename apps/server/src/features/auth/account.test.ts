import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountsTestApp,
  PASSWORD,
  signUp,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { users } from '../users';
import { oneTimeTokens, sessions, socialAccounts } from './auth.tables';

describe('DELETE /auth/user', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  const remove = (access: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'DELETE',
      url: '/auth/user',
      headers: access ? bearer(access) : {},
      payload,
    });
  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const register = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/registration/',
      payload: {
        username,
        email: `${username}2@example.org`,
        password1: PASSWORD,
        password2: PASSWORD,
      },
    });

  it('asks for the right password and changes nothing otherwise', async () => {
    const ada = await signUp(t, 'ada');
    const wrong = await remove(ada.access, { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['This password is not correct.'] });
    const missing = await remove(ada.access, {});
    expect(missing.json()).toEqual({ password: [expect.stringContaining('Enter your password')] });
    expect((await rowOf(ada.user.id))?.deletedAt).toBeNull();
    expect((await remove(undefined, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('revokes every session, wipes personal data, refuses logins and holds the username 30 days', async () => {
    const grace = await signUp(t, 'Grace');
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#5348C6' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('firstName', 'Grace');
    form.set('bio', 'Admiral');
    form.set('avatar', new Blob([png]), 'me.png');
    const request = new Request('http://x/', { method: 'PUT', body: form });
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/auth/user/',
      headers: {
        ...bearer(grace.access),
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(200);
    const avatarKey = (await rowOf(grace.user.id))?.avatarKey ?? '';
    expect(await t.app.storage.get(avatarKey)).not.toBeNull();
    await t.db
      .insert(socialAccounts)
      .values({ provider: 'google', providerUserId: 'g-1', userId: grace.user.id });

    const response = await remove(grace.access, { password: PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const row = await rowOf(grace.user.id);
    expect(row).toMatchObject({
      username: `deleted-${grace.user.id}`,
      email: null,
      passwordHash: null,
      firstName: '',
      bio: '',
      avatarKey: null,
      deletedAt: expect.any(Date),
    });
    expect(await t.app.storage.get(avatarKey)).toBeNull();
    expect(await t.db.$count(socialAccounts, eq(socialAccounts.userId, grace.user.id))).toBe(0);
    expect(await t.db.$count(oneTimeTokens, eq(oneTimeTokens.userId, grace.user.id))).toBe(0);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, grace.user.id));
    expect(session?.revokedAt).toBeInstanceOf(Date);
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: bearer(grace.access),
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: grace.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    for (const username of ['Grace', 'grace@example.org', `deleted-${grace.user.id}`]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { username, password: PASSWORD },
      });
      expect(login.json()).toEqual({
        nonFieldErrors: ['Unable to log in with the provided credentials.'],
      });
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: `/auth/userinfo/${grace.user.id}/`,
      headers: bearer((await signUp(t, 'viewer')).access),
    });
    expect(profile.statusCode).toBe(404);

    // The username is held for 30 days, then free; the address is free at once.
    const early = await register('grace');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ username: [expect.stringContaining('deleted account')] });
    t.clock.advance(29 * 24 * 60 * 60 * 1000);
    expect((await register('GRACE')).statusCode).toBe(400);
    t.clock.advance(1 * 24 * 60 * 60 * 1000 + 1000);
    expect((await register('grace')).statusCode).toBe(201);
    expect((await signUp(t, 'grace3', { email: 'grace@example.org' })).user.email).toBe(
      'grace@example.org',
    );
  });

  it('lets a social-only account delete itself within 10 minutes of signing in', async () => {
    const sam = await signUp(t, 'sam');
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, sam.user.id));
    t.clock.advance(11 * 60 * 1000);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: sam.refresh },
    });
    const { access, refresh } = renewed.json();
    const stale = await remove(access, {});
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ nonFieldErrors: [expect.stringContaining('sign in again')] });
    expect((await rowOf(sam.user.id))?.deletedAt).toBeNull();

    await t.db.update(users).set({ lastLoginAt: t.clock.now() }).where(eq(users.id, sam.user.id));
    const response = await remove(access, {});
    expect(refresh).toEqual(expect.any(String));
    expect(response.statusCode).toBe(204);
    expect((await rowOf(sam.user.id))?.deletedAt).toBeInstanceOf(Date);
  });
});
