import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { silentLogger, testDatabaseMode } from '../../../test/test-database';
import { openDatabase } from './database';

const PASSWORD = 'correct horse battery staple';

/**
 * The embedded database as the server opens it (no DATABASE_URL): PGlite in a worker thread,
 * reached through node-postgres. The other test files use an in-process copy of a template
 * instead, for speed; this one starts the real app on a new DATA_DIR, as `npm start` does.
 */
describe.skipIf(testDatabaseMode === 'postgres')('embedded database in a worker thread', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let closed = false;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-embedded-'));
    app = buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'web') }),
    );
    await app.ready();
    await app.db.execute(sql`create table probe (n integer not null, tag text not null)`);
  }, 120_000);

  afterAll(async () => {
    if (!closed) await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const probeRows = async () =>
    (await app.db.execute<{ n: number; tag: string }>(sql`select n, tag from probe order by n`))
      .rows;

  it('serves the app: a sign-up and a discussion are committed and read back', async () => {
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const signUp = await app.inject({
      method: 'POST',
      url: '/auth/registration/',
      payload: {
        username: 'ada',
        email: 'ada@example.org',
        password1: PASSWORD,
        password2: PASSWORD,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/forums/forums/',
      headers: { authorization: `Bearer ${signUp.json<{ access: string }>().access}` },
      payload: { title: 'In a worker', content: 'Off the event loop.', status: 'published' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json<{ id: number }>().id;
    const detail = await app.inject({ url: `/api/forums/forums/${id}/` });
    expect(detail.json()).toMatchObject({ id, title: 'In a worker' });
    const { rows } = await app.db.execute<{ username: string; title: string }>(
      sql`select u.username, d.title from discussions d join users u on u.id = d.author_id`,
    );
    expect(rows).toEqual([{ username: 'ada', title: 'In a worker' }]);
  });

  it('rolls back a transaction whose work fails, and the next statements run outside it', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe (n, tag) values (1, 'rolled back')`);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe (n, tag) values (2, 'rolled back')`);
        await tx.execute(sql`insert into no_such_table values (1)`);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await probeRows()).toEqual([]);
    // No transaction left open: this statement runs in one of its own, which has no id yet.
    const { rows } = await app.db.execute<{ xid: string | null }>(
      sql`select txid_current_if_assigned() as xid`,
    );
    expect(rows).toEqual([{ xid: null }]);
    await app.db.execute(sql`insert into probe (n, tag) values (0, 'committed')`);
    expect(await probeRows()).toEqual([{ n: 0, tag: 'committed' }]);
    await app.db.execute(sql`delete from probe`);
  });

  it('runs concurrent transactions one after another, never interleaved', async () => {
    const steps: string[] = [];
    const writer = (name: string) =>
      app.db.transaction(async (tx) => {
        steps.push(`${name} begins`);
        const { rows } = await tx.execute<{ last: number }>(
          sql`select coalesce(max(n), 0)::int as last from probe`,
        );
        // Another transaction running now would read the same last number.
        await sleep(15);
        await tx.execute(
          sql`insert into probe (n, tag) values (${(rows[0]?.last ?? 0) + 1}, ${name})`,
        );
        steps.push(`${name} ends`);
      });
    const names = ['a', 'b', 'c', 'd', 'e'];
    await Promise.all(names.map(writer));
    expect((await probeRows()).map((row) => row.n)).toEqual([1, 2, 3, 4, 5]);
    for (let index = 0; index < steps.length; index += 2) {
      const name = steps[index]?.split(' ')[0];
      expect(steps.slice(index, index + 2)).toEqual([`${name} begins`, `${name} ends`]);
    }
    expect(new Set(steps.map((step) => step.split(' ')[0]))).toEqual(new Set(names));
  });

  it('keeps the event loop free while a statement runs', async () => {
    const started = performance.now();
    let slowEndedAt = 0;
    const slow = app.db.execute(sql`select pg_sleep(0.5)`).then(() => {
      slowEndedAt = performance.now() - started;
    });
    // In this thread, PGlite would hold the event loop for the whole statement: no timer would
    // fire before it ends.
    const ticks: number[] = [];
    for (let tick = 0; tick < 3; tick += 1) {
      await sleep(50);
      ticks.push(performance.now() - started);
    }
    await slow;
    expect(slowEndedAt).toBeGreaterThanOrEqual(490);
    expect(Math.max(...ticks)).toBeLessThan(slowEndedAt);
  });

  it('closes cleanly: the worker ends and the folder reopens with what was committed', async () => {
    closed = true;
    await app.close();
    const reopened = await openDatabase({ dataDir }, silentLogger);
    try {
      const { rows } = await reopened.db.execute<{ tags: string[] }>(
        sql`select array_agg(tag order by tag) as tags from probe`,
      );
      expect(rows).toEqual([{ tags: ['a', 'b', 'c', 'd', 'e'] }]);
    } finally {
      await reopened.close();
    }
  });
});
