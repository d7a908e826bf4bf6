import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, silentLogger, type TestDatabase } from '../../../test/test-database';
import type { JsonValue } from '../bus';
import type { Database } from '../db';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue';
import { jobs } from './jobs.tables';

describe('job queue', () => {
  let database: TestDatabase;
  let db: Database;
  const queues: JobQueue[] = [];
  const queue = (options: Partial<JobQueueOptions> = {}) => {
    const made = createJobQueue({ db, log: silentLogger, pollMs: 20, ...options });
    queues.push(made);
    return made;
  };
  const enqueue = (into: JobQueue, name: string, key: string, payload: JsonValue) =>
    db.transaction((tx) => into.enqueue(tx, [{ name, key, payload }]));

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.connection.db;
    await db.execute(sql`create table job_effects (key text primary key, runs int not null)`);
  });
  afterEach(async () => {
    for (const made of queues.splice(0)) await made.stop(1000);
    await db.delete(jobs);
  });
  afterAll(() => database.drop());

  it('keeps no job from a transaction that rolled back, and runs the committed one', async () => {
    const ran: JsonValue[] = [];
    const q = queue();
    q.handle('note', async (payload) => {
      ran.push(payload);
    });
    await expect(
      db.transaction(async (tx) => {
        await q.enqueue(tx, [{ name: 'note', key: 'doomed', payload: { n: 1 } }]);
        throw new Error('a rule said no');
      }),
    ).rejects.toThrow('a rule said no');
    await enqueue(q, 'note', 'kept', { n: 2 });
    await q.start();
    await q.idle();
    expect(ran).toEqual([{ n: 2 }]);
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('adds nothing for a key already waiting', async () => {
    const q = queue();
    q.handle('note', async () => {});
    await enqueue(q, 'note', 'once', { n: 1 });
    await enqueue(q, 'note', 'once', { n: 2 });
    const rows = await db.select({ payload: jobs.payload }).from(jobs);
    expect(rows).toEqual([{ payload: { n: 1 } }]);
  });

  it('retries a failing handler with growing delays, then keeps the job as failed', async () => {
    const attempts: { attempt: number; at: number }[] = [];
    const q = queue({ maxAttempts: 3, retryDelayMs: (attempt) => 100 * 2 ** (attempt - 1) });
    q.handle('flaky', async (_payload, run) => {
      attempts.push({ attempt: run.attempt, at: Date.now() });
      throw new Error(`broken ${run.attempt}`);
    });
    await enqueue(q, 'flaky', 'flaky-1', null);
    await q.start();
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(jobs);
        expect(row?.failedAt).not.toBeNull();
      },
      { timeout: 5000, interval: 20 },
    );
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = attempts.map((a) => a.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(90);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(190);
    const [row] = await db.select().from(jobs);
    expect(row).toMatchObject({ attempts: 3, lastError: 'broken 3', lockedUntil: null });
  });

  it('runs a job that failed once again, and its effect lands once', async () => {
    const q = queue({ retryDelayMs: () => 10 });
    q.handle('effect', async (_payload, run) => {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into job_effects (key, runs) values (${run.key}, 1)
              on conflict (key) do update set runs = job_effects.runs + 1`,
        );
        if (run.attempt === 1) throw new Error('the first attempt dies before its commit');
        await run.completeIn(tx);
      });
    });
    await enqueue(q, 'effect', 'effect-1', null);
    await q.start();
    await vi.waitFor(async () => expect(await db.select().from(jobs)).toEqual([]), {
      timeout: 3000,
      interval: 20,
    });
    const { rows } = await db.execute<{ runs: number }>(
      sql`select runs from job_effects where key = 'effect-1'`,
    );
    expect(rows).toEqual([{ runs: 1 }]);
  });

  it('rolls back a run whose job another worker took over, so the effect is not doubled', async () => {
    const q = queue();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outcomes: string[] = [];
    q.handle('slow', async (_payload, run) => {
      await held;
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into job_effects (key, runs) values (${run.key}, 1)`);
          await run.completeIn(tx);
        })
        .then(
          () => outcomes.push('committed'),
          (error: unknown) => outcomes.push(String(error)),
        );
    });
    await enqueue(q, 'slow', 'slow-1', null);
    await q.start();
    await vi.waitFor(async () => {
      const [row] = await db.select().from(jobs);
      expect(row?.attempts).toBe(1);
    });
    // Its lease ran out and another worker claimed it: the claim counts one more attempt.
    await db.update(jobs).set({ attempts: 2 }).where(eq(jobs.key, 'slow-1'));
    release();
    await vi.waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toContain('taken over');
    const { rows } = await db.execute(sql`select * from job_effects where key = 'slow-1'`);
    expect(rows).toEqual([]);
    expect(await db.select({ key: jobs.key }).from(jobs)).toEqual([{ key: 'slow-1' }]);
  });

  it('runs jobs of a batch handler together, in one completion', async () => {
    const batches: JsonValue[][] = [];
    const q = queue();
    q.handleBatch('tally', 3, async (batch) => {
      batches.push(batch.jobs.map((job) => job.payload));
      await db.transaction((tx) => batch.completeIn(tx));
    });
    await db.transaction((tx) =>
      q.enqueue(
        tx,
        [1, 2, 3, 4, 5].map((n) => ({ name: 'tally', key: `tally-${n}`, payload: { n } })),
      ),
    );
    await q.start();
    await q.idle();
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    expect(batches.map((batch) => batch.length)).toEqual([3, 2]);
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('runs each job of a failed batch alone, so only the bad one is retried', async () => {
    const q = queue({ retryDelayMs: () => 60_000 });
    const calls: number[][] = [];
    q.handleBatch('effect', 10, async (batch) => {
      const ns = batch.jobs.map((job) => Number(job.key.split('-')[1]));
      calls.push(ns);
      await db.transaction(async (tx) => {
        for (const n of ns) {
          await tx.execute(
            sql`insert into job_effects (key, runs) values (${`batch-${n}`}, 1)
                on conflict (key) do update set runs = job_effects.runs + 1`,
          );
        }
        if (ns.includes(2)) throw new Error('job 2 is broken');
        await batch.completeIn(tx);
      });
    });
    await db.transaction((tx) =>
      q.enqueue(
        tx,
        [1, 2, 3].map((n) => ({ name: 'effect', key: `batch-${n}`, payload: null })),
      ),
    );
    await q.start();
    await q.idle();
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
    const { rows } = await db.execute<{ key: string; runs: number }>(
      sql`select key, runs from job_effects where key like 'batch-%' order by key`,
    );
    // The failed batch rolled back: each effect landed once, by its own run.
    expect(rows).toEqual([
      { key: 'batch-1', runs: 1 },
      { key: 'batch-3', runs: 1 },
    ]);
    const left = await db.select().from(jobs);
    expect(left).toMatchObject([{ key: 'batch-2', attempts: 1, lastError: 'job 2 is broken' }]);
  });

  it('hands back single jobs claimed beyond its free slots', async () => {
    const q = queue({ concurrency: 1 });
    const ran: string[] = [];
    q.handleBatch('bulk', 5, async (batch) => {
      ran.push(...batch.jobs.map((job) => job.key));
    });
    q.handle('single', async (_payload, run) => {
      ran.push(run.key);
    });
    await db.transaction((tx) =>
      q.enqueue(tx, [
        { name: 'single', key: 'single-1', payload: null },
        { name: 'single', key: 'single-2', payload: null },
        { name: 'bulk', key: 'bulk-1', payload: null },
        { name: 'bulk', key: 'bulk-2', payload: null },
      ]),
    );
    await q.start();
    await q.idle();
    expect(ran).toEqual(['single-1', 'single-2', 'bulk-1', 'bulk-2']);
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('stops within its grace period and hands back a job still running', async () => {
    const q = queue();
    q.handle('endless', () => new Promise<void>(() => {}));
    await enqueue(q, 'endless', 'endless-1', null);
    await q.start();
    await vi.waitFor(async () => {
      const [row] = await db.select().from(jobs);
      expect(row?.lockedUntil).not.toBeNull();
    });
    const started = Date.now();
    await q.stop(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const [row] = await db.select().from(jobs);
    expect(row).toMatchObject({ attempts: 0, lockedUntil: null, failedAt: null });
  });

  it('runs no more calls of a handler at once than its own limit, and other jobs meanwhile', async () => {
    const q = queue({ concurrency: 2 });
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let slowAtOnce = 0;
    let mostSlowAtOnce = 0;
    const ran: string[] = [];
    q.handle(
      'slow',
      async (_payload, run) => {
        slowAtOnce += 1;
        mostSlowAtOnce = Math.max(mostSlowAtOnce, slowAtOnce);
        await gate;
        slowAtOnce -= 1;
        ran.push(run.key);
      },
      { concurrency: 1 },
    );
    q.handle('quick', async (_payload, run) => {
      ran.push(run.key);
    });
    await db.transaction((tx) =>
      q.enqueue(tx, [
        { name: 'slow', key: 'slow-1', payload: null },
        { name: 'slow', key: 'slow-2', payload: null },
        { name: 'quick', key: 'quick-1', payload: null },
      ]),
    );
    await q.start();
    // The second slow job waits for the first; the quick one takes the other slot meanwhile.
    await vi.waitFor(() => expect(ran).toEqual(['quick-1']));
    open();
    await q.idle();
    expect(ran).toEqual(['quick-1', 'slow-1', 'slow-2']);
    expect(mostSlowAtOnce).toBe(1);
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('aborts its handlers at stop; a job given up then is handed back, the attempt uncounted', async () => {
    const q = queue();
    q.handle(
      'patient',
      (_payload, run) =>
        new Promise<void>((_resolve, reject) => {
          run.signal.addEventListener('abort', () => reject(run.signal.reason));
        }),
    );
    await enqueue(q, 'patient', 'patient-1', null);
    await q.start();
    await vi.waitFor(async () => {
      const [row] = await db.select().from(jobs);
      expect(row?.lockedUntil).not.toBeNull();
    });
    await q.stop(60_000);
    const [row] = await db.select().from(jobs);
    expect(row).toMatchObject({ attempts: 0, lockedUntil: null, failedAt: null, lastError: null });
  });

  it('gathers the jobs of a burst after a nudge, so they run as one batch', async () => {
    // No poll in between: only the gathered nudge claims.
    const q = queue({ gatherMs: 500, pollMs: 60_000 });
    const batches: string[][] = [];
    q.handleBatch('burst', 20, async (batch) => {
      batches.push(batch.jobs.map((job) => job.key));
    });
    await q.start();
    await enqueue(q, 'burst', 'burst-1', null);
    q.nudge();
    await db.transaction((tx) =>
      q.enqueue(
        tx,
        [2, 3, 4, 5].map((n) => ({ name: 'burst', key: `burst-${n}`, payload: null })),
      ),
    );
    q.nudge();
    await vi.waitFor(() => expect(batches.flat()).toHaveLength(5));
    expect(batches).toEqual([['burst-1', 'burst-2', 'burst-3', 'burst-4', 'burst-5']]);
  });
});
