import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { countQuery, QUERY_COUNT_HEADER } from './index';

/** The real app with the header on, on a database that counts every statement it receives. */
async function openCountedApp(anonymousCacheMs: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-query-count-'));
  let sent = 0;
  const database = await openTestDatabase({
    onQuery: () => {
      sent += 1;
      countQuery();
    },
  });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', QUERY_COUNT_HEADER: 'true' }),
    authRateLimitMax: 1000,
    anonymousCacheMs,
  };
  const app = buildApp(config, { database: database.connection });
  await app.ready();
  return {
    app,
    /** The statements the database received so far. */
    sent: () => sent,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('query count header', () => {
  let counted: Awaited<ReturnType<typeof openCountedApp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    // A copied answer sends no statement at all: every request here must reach the database.
    counted = await openCountedApp(0);
    app = counted.app;
  });
  afterAll(() => counted.close());

  /** The header of one request, and the statements the database really received meanwhile. */
  async function measure(send: () => Promise<LightMyRequestResponse>) {
    const before = counted.sent();
    const response = await send();
    return {
      response,
      header: Number(response.headers[QUERY_COUNT_HEADER]),
      sent: counted.sent() - before,
    };
  }

  it('reports the statements a read sent', async () => {
    const {
      response,
      header,
      sent: real,
    } = await measure(() => app.inject({ method: 'GET', url: '/api/forums/forums/' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [], next: null });
    expect(real).toBeGreaterThan(0);
    expect(header).toBe(real);
  });

  it('counts the statements of a request with a body, sent after the body was parsed', async () => {
    // Over a real socket, with the body sent a moment after the headers: it then arrives in the
    // socket's async context, not the request's.
    const password = 'correct horse battery staple';
    const signedUp = await app.inject({
      method: 'POST',
      url: '/auth/registration/',
      payload: {
        username: 'counted',
        email: 'counted@example.org',
        password1: password,
        password2: password,
      },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    // Its verification mail goes out in a background job, whose statements are no request's.
    await app.jobs.idle();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ username: 'counted', password });
    const before = counted.sent();
    const response = await fetch(`${address}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        async start(controller) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: 'half',
    });
    const real = counted.sent() - before;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { username: 'counted' } });
    expect(real).toBeGreaterThan(1);
    expect(Number(response.headers.get(QUERY_COUNT_HEADER))).toBe(real);
    const { rows } = await app.db.execute<{ count: number }>(
      sql`select count(*)::int as count from sessions where user_id = ${signedUp.json<{ user: { id: number } }>().user.id}`,
    );
    expect(rows).toEqual([{ count: 2 }]);
  });

  it('keeps the tallies of concurrent requests apart', async () => {
    const alone = await measure(() => app.inject({ method: 'GET', url: '/api/forums/forums/' }));
    const together = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/forums/forums/' })),
    );
    expect(together.map((response) => Number(response.headers[QUERY_COUNT_HEADER]))).toEqual(
      Array(5).fill(alone.header),
    );
  });
});

describe('query count header with the anonymous cache', () => {
  let counted: Awaited<ReturnType<typeof openCountedApp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    counted = await openCountedApp(60_000);
    app = counted.app;
  });
  afterAll(() => counted.close());

  it("counts a member's answer made from the signed-out copy, and a copy served as it is", async () => {
    const password = 'correct horse battery staple';
    const signedUp = await app.inject({
      method: 'POST',
      url: '/auth/registration/',
      payload: {
        username: 'cached',
        email: 'cached@example.org',
        password1: password,
        password2: password,
      },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const authorization = `Bearer ${signedUp.json<{ access: string }>().access}`;
    const posted = await app.inject({
      method: 'POST',
      url: '/api/forums/forums/',
      headers: { authorization },
      payload: { title: 'Counted while cached', content: 'A discussion for the list.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await app.jobs.idle();
    const list = { method: 'GET', url: '/api/forums/forums/' } as const;
    // The first of each makes the signed-out copy; the second is answered from it.
    await app.inject(list);
    await app.inject({ ...list, headers: { authorization } });

    const before = counted.sent();
    const member = await app.inject({ ...list, headers: { authorization } });
    const memberSent = counted.sent() - before;
    const visitor = await app.inject(list);

    expect(member.headers['x-cache']).toBe('PERSONALISED');
    expect(member.json<{ results: unknown[] }>().results).toHaveLength(1);
    expect(memberSent).toBeGreaterThan(0);
    expect(Number(member.headers[QUERY_COUNT_HEADER])).toBe(memberSent);
    expect(visitor.headers['x-cache']).toBe('HIT');
    expect(visitor.headers[QUERY_COUNT_HEADER]).toBe('0');
  });
});

describe('query count header when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is absent', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/forums/forums/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [], next: null });
    expect(response.headers[QUERY_COUNT_HEADER]).toBeUndefined();
  });
});
