import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../platform/bus';
import {
  bearer,
  createAccountsTestApp,
  logIn,
  signUp,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { sessions } from './auth.tables';

describe('sessions: refresh, logout, history', () => {
  let t: TestApp & { clock: TestClock };
  const revokedEvents: JsonValue[] = [];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    await t.app.bus.subscribe('auth.session-revoked', (payload) => {
      revokedEvents.push(payload);
    });
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const me = (access: string) =>
    t.app.inject({ method: 'GET', url: '/auth/user/', headers: bearer(access) });
  const liveSessions = (userId: number) =>
    t.db.$count(sessions, and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const eventually = async (check: () => void) => {
    for (let i = 0; ; i += 1) {
      try {
        check();
        return;
      } catch (error) {
        if (i > 50) throw error;
        await new Promise((done) => setTimeout(done, 20));
      }
    }
  };

  it('rotates the refresh token; reusing an old one revokes the session', async () => {
    const ada = await signUp(t, 'ada');
    const first = await refresh(ada.refresh);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(pair.refresh).not.toBe(ada.refresh);
    const claims = JSON.parse(Buffer.from(pair.access.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: String(ada.user.id),
      type: 'access',
      sid: expect.any(String),
    });
    expect(claims.exp - claims.iat).toBe(300);
    expect((await me(pair.access)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(row?.refreshJti).not.toBe(
      JSON.parse(Buffer.from(ada.refresh.split('.')[1] ?? '', 'base64url').toString()).jti,
    );

    // The old refresh token again: the session is revoked, its newest tokens too.
    const reuse = await refresh(ada.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: expect.stringContaining('sign in again') });
    const [revoked] = await t.db.select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await me(pair.access)).statusCode).toBe(401);
    await eventually(() =>
      expect(revokedEvents).toContainEqual({ sessionId: claims.sid, userId: ada.user.id }),
    );
  });

  it('refuses a malformed, forged or access token as refresh, and an expired one', async () => {
    const bob = await signUp(t, 'bob');
    expect((await refresh('not.a.token')).statusCode).toBe(401);
    expect((await refresh(bob.access)).statusCode).toBe(401);
    const [header, payload] = bob.refresh.split('.');
    expect((await refresh(`${header}.${payload}.forgedsignature`)).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: [expect.any(String)] });

    t.clock.advance(14 * 24 * 60 * 60 * 1000 + 1000);
    expect((await refresh(bob.refresh)).statusCode).toBe(401);
    expect((await me(bob.access)).statusCode).toBe(401);
  });

  it('logout revokes that session only: refresh and access fail at once', async () => {
    const carol = await signUp(t, 'carol');
    const other = await logIn(t, 'carol');
    expect((await me(carol.access)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: bearer(carol.access),
      payload: { refresh_token: carol.refresh },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await me(carol.access)).statusCode).toBe(401);
    expect((await refresh(carol.refresh)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(200);
    expect(await liveSessions(carol.user.id)).toBe(1);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      payload: { refresh_token: 'garbage' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ refresh_token: [expect.any(String)] });
    const missing = await t.app.inject({ method: 'POST', url: '/auth/logout/', payload: {} });
    expect(missing.json()).toEqual({ refresh_token: [expect.any(String)] });
    expect(await liveSessions(carol.user.id)).toBe(1);
  });

  it('logoutall revokes every session of the member and nobody else’s', async () => {
    const dan = await signUp(t, 'dan');
    const second = await logIn(t, 'dan');
    const eve = await signUp(t, 'eve');
    expect((await t.app.inject({ method: 'POST', url: '/auth/logoutall/' })).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/logoutall/',
      headers: bearer(dan.access),
    });
    expect(response.statusCode).toBe(204);
    for (const access of [dan.access, second.access])
      expect((await me(access)).statusCode).toBe(401);
    for (const token of [dan.refresh, second.refresh]) {
      expect((await refresh(token)).statusCode).toBe(401);
    }
    expect(await liveSessions(dan.user.id)).toBe(0);
    expect((await me(eve.access)).statusCode).toBe(200);
  });

  it('lists the member’s live sessions, newest first, marking the current one', async () => {
    const fay = await signUp(t, 'fay', {
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    });
    t.clock.advance(1000);
    const laptop = await logIn(t, 'fay');
    const history = (access: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/auth/userinfo/sessions/history/${query}`,
        headers: bearer(access),
      });
    const response = await history(laptop.access);
    expect(response.statusCode).toBe(200);
    const { results, next } = response.json();
    expect(next).toBeNull();
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({
      id: expect.any(String),
      device: 'Unknown device',
      browser: 'Unknown browser',
      os: 'Unknown OS',
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: true,
    });
    expect(results[1]).toMatchObject({
      device: 'Mobile',
      browser: 'Safari 17',
      os: 'iOS 17.5',
      current: false,
    });

    const firstPage = (await history(laptop.access, '?limit=1')).json();
    expect(firstPage.results).toHaveLength(1);
    const secondPage = (await history(laptop.access, `?limit=1&cursor=${firstPage.next}`)).json();
    expect(secondPage).toEqual({ results: [results[1]], next: null });
    expect((await history(laptop.access, '?limit=0')).statusCode).toBe(400);
    expect((await history(laptop.access, '?cursor=bogus')).json()).toEqual({
      cursor: [expect.any(String)],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/userinfo/sessions/history/' })).statusCode,
    ).toBe(401);

    // Revoking the phone's session: its tokens stop working at once.
    const phoneId = results[1].id;
    const revoke = (id: string, access = laptop.access) =>
      t.app.inject({
        method: 'DELETE',
        url: `/auth/userinfo/sessions/history/${id}/`,
        headers: bearer(access),
      });
    expect((await me(fay.access)).statusCode).toBe(200);
    expect((await revoke(phoneId)).statusCode).toBe(204);
    expect((await me(fay.access)).statusCode).toBe(401);
    expect((await refresh(fay.refresh)).statusCode).toBe(401);
    expect((await history(laptop.access)).json().results).toHaveLength(1);
  });

  it('will not revoke another member’s session', async () => {
    const gus = await signUp(t, 'gus');
    const hal = await signUp(t, 'hal');
    const [halSession] = await t.db.select().from(sessions).where(eq(sessions.userId, hal.user.id));
    for (const id of [halSession?.id ?? '', 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/auth/userinfo/sessions/history/${id}/`,
        headers: bearer(gus.access),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'This session does not exist.' });
    }
    expect(await liveSessions(hal.user.id)).toBe(1);
    expect((await me(hal.access)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/auth/userinfo/sessions/history/${halSession?.id}/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const ivy = await signUp(t, 'ivy');
    const seen = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, ivy.user.id)))[0]?.lastSeenAt;
    const start = await seen();
    t.clock.advance(30_000);
    await me(ivy.access);
    expect(await seen()).toEqual(start);
    t.clock.advance(31_000);
    await me(ivy.access);
    expect((await seen())?.getTime()).toBe((start?.getTime() ?? 0) + 61_000);
  });
});
