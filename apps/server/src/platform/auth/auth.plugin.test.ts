import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type TestClock } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { silentLogger } from '../../../test/test-database';
import { buildApp } from '../../app';
import { connectPostgres } from '../db';
import { currentUser } from './auth.plugin';
import { SESSION_REVOKED_TOPIC } from '.';

/** Test-only routes behind the guard. */
function guarded(app: FastifyInstance) {
  // Registered as a plugin, so that the guard's decorators exist by the time it loads.
  app.register(async (scoped) => {
    scoped.get('/api/test/whoami', { onRequest: scoped.authenticate }, async (request) =>
      currentUser(request),
    );
    scoped.get('/api/test/maybe', { onRequest: scoped.authenticateOptional }, async (request) => ({
      user: request.user,
    }));
  });
}

describe('bearer guard', () => {
  let t: TestApp & { clock: TestClock };
  beforeAll(async () => {
    t = await createAccountsTestApp({ setup: guarded });
  });
  afterAll(() => t.close());

  const whoami = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/test/whoami', headers });

  it('sets request.user from a valid access token', async () => {
    const ada = await signUp(t, 'ada');
    const response = await whoami(bearer(ada.access));
    expect(response.json()).toEqual({
      id: ada.user.id,
      sessionId: expect.any(String),
      isStaff: false,
      role: 'member',
      silence: null,
    });
    const optional = await t.app.inject({ method: 'GET', url: '/api/test/maybe' });
    expect(optional.json()).toEqual({ user: null });
  });

  it.each([
    ['no header', {}, 'Authentication credentials were not provided.'],
    ['another scheme', { authorization: 'Basic abc' }, 'sign in again'],
    ['garbage', { authorization: 'Bearer abc.def.ghi' }, 'sign in again'],
  ])('answers 401 for %s', async (_name, headers, message) => {
    const response = await whoami(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.stringContaining(message) });
  });

  it('refuses a refresh token, a token signed with another secret and an expired one', async () => {
    const bob = await signUp(t, 'bob');
    expect((await whoami(bearer(bob.refresh))).statusCode).toBe(401);
    const claims = JSON.parse(Buffer.from(bob.access.split('.')[1] ?? '', 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await whoami(bearer(forged))).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${bob.access.split('.')[1]}.`;
    expect((await whoami(bearer(none))).statusCode).toBe(401);
    t.clock.advance(5 * 60 * 1000 + 1000);
    expect((await whoami(bearer(bob.access))).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/test/maybe', headers: bearer(bob.access) }))
        .statusCode,
    ).toBe(401);
  });

  it('drops a cached session on the bus event another instance publishes', async () => {
    const carol = await signUp(t, 'carol');
    const { sessionId } = (await whoami(bearer(carol.access))).json();
    // Revoked by "another instance": only the database row and the bus event change here.
    await t.db.execute(sql`update sessions set revoked_at = now() where id = ${String(sessionId)}`);
    expect((await whoami(bearer(carol.access))).statusCode).toBe(200); // still cached
    await t.app.bus.publish(SESSION_REVOKED_TOPIC, { sessionId, userId: carol.user.id });
    const deadline = Date.now() + 1000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 10));
      status = (await whoami(bearer(carol.access))).statusCode;
    }
    expect(status).toBe(401);
  });
});

describe.runIf(process.env.REDIS_URL && process.env.AGORA_TEST_DB === 'postgres')(
  'revocation across two instances on Redis',
  () => {
    let first: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      first = await createTestApp({
        config: { redisUrl: process.env.REDIS_URL, authRateLimitMax: 1000 },
        setup: guarded,
      });
      // A second instance on the same database, secret and Redis.
      second = buildApp(first.config, {
        database: connectPostgres(first.config.databaseUrl ?? '', silentLogger),
      });
      guarded(second);
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('refuses a session on the other instance within a second of logout', async () => {
      const dan = await signUp(first, 'dan');
      const onSecond = () =>
        second.inject({ method: 'GET', url: '/api/test/whoami', headers: bearer(dan.access) });
      expect((await onSecond()).statusCode).toBe(200);
      const logout = await first.app.inject({
        method: 'POST',
        url: '/auth/logout/',
        payload: { refresh_token: dan.refresh },
      });
      expect(logout.statusCode).toBe(204);
      const deadline = Date.now() + 1000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 20));
        status = (await onSecond()).statusCode;
      }
      expect(status).toBe(401);
    });
  },
);
