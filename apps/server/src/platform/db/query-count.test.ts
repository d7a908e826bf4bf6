import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { countQuery, QUERY_COUNT_HEADER } from './index';

describe('query count header', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let sent = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-query-count-'));
    database = await openTestDatabase({
      onQuery: () => {
        sent += 1;
        countQuery();
      },
    });
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', QUERY_COUNT_HEADER: 'true' }),
      authRateLimitMax: 1000,
      // A copied answer sends no statement at all: every request here must reach the database.
      anonymousCacheMs: 0,
    };
    app = buildApp(config, { database: database.connection });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The header of one request, and the statements the database really received meanwhile. */
  async function measure(send: () => Promise<LightMyRequestResponse>) {
    const before = sent;
    const response = await send();
    return { response, header: Number(response.headers[QUERY_COUNT_HEADER]), sent: sent - before };
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
    const before = sent;
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
    const real = sent - before;
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
