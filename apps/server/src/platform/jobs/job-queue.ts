import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JsonValue } from '../bus';
import { statementOnce, type Database, type Transaction } from '../db';
import { jobs } from './jobs.tables';

/**
 * The insert of jobs given as `JobQueue.encode` writes them, to run as a data-modifying CTE of
 * the statement that writes their change, so the change and its jobs need one round trip and,
 * for a change of one statement, no transaction. Each job is added unless one with its key is
 * kept. `payload` is the SQL of each job's payload, from `job.payload` (JSON text): a statement
 * may complete it with what only it knows (the id it inserts). The jobs come as one JSON value
 * (the placeholder `jobs`), so PostgreSQL keeps one generic plan whatever their number.
 */
export const jobInsert = (payload: SQL = sql`job.payload::jsonb`, from: SQL = sql``) =>
  sql`insert into ${jobs} (name, key, payload, max_attempts)
    select job.name, job.key, ${payload}, job.max_attempts
    from jsonb_to_recordset(${sql.placeholder('jobs')}::jsonb)
      as job(name text, key text, payload text, max_attempts int)${from}
    on conflict (key) do nothing`;

/** Adds jobs in one statement assembled once, for a change of several statements. */
const insertJobs = statementOnce(() => jobInsert());

/** A job to add in the caller's transaction. */
export interface NewJob {
  name: string;
  /** Unique among kept jobs: the same key enqueued again while the first is kept adds nothing. */
  key: string;
  payload: JsonValue;
}

/** What a handler is told about the run it is doing. */
export interface JobRun {
  key: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /**
   * Completes the job inside the handler's own transaction, so its writes and the completion
   * commit together: a run that dies before the commit leaves both undone, and the retry finds a
   * clean slate. Throws (rolling the transaction back) when another worker took the job over.
   */
  completeIn(tx: Transaction): Promise<void>;
  /**
   * Aborted when the queue stops. A long handler may give up then: its job is handed back,
   * the attempt uncounted, and the next start runs it again.
   */
  signal: AbortSignal;
}

/**
 * Runs a job. Resolving completes it (unless `completeIn` already did); throwing schedules a
 * retry with backoff, or marks it failed after its last attempt. A handler may run more than once
 * for one job (a crash after its effect, a lease that ran out), so it must be idempotent; one
 * whose effects are all in the database makes that exact with `completeIn`.
 */
export type JobHandler = (payload: JsonValue, run: JobRun) => Promise<void>;

/** Jobs of one name that a batch handler runs together. */
export interface JobBatch {
  jobs: { key: string; attempt: number; payload: JsonValue }[];
  /** Completes every job of the batch in the handler's own transaction, as `JobRun.completeIn`. */
  completeIn(tx: Transaction): Promise<void>;
  /** As `JobRun.signal`. */
  signal: AbortSignal;
}

export interface HandlerOptions {
  /**
   * At most this many calls of this handler run at once here (default: the queue's
   * concurrency), so slow work such as speech never takes every slot from quick work.
   */
  concurrency?: number;
}

/**
 * Runs several jobs of one name at once, so their claim, transaction and completion are paid
 * once. Resolving completes them all. If it throws, each job of the batch runs again alone, so
 * one bad job fails (and is retried) alone; the handler must therefore be idempotent, as any.
 */
export type JobBatchHandler = (batch: JobBatch) => Promise<void>;

export interface JobQueue {
  /** Declares the handler of the jobs named `name`, before `start`. */
  handle(name: string, handler: JobHandler, options?: HandlerOptions): void;
  /** Declares a handler that takes up to `size` jobs named `name` at once, before `start`. */
  handleBatch(name: string, size: number, handler: JobBatchHandler, options?: HandlerOptions): void;
  /** Whether jobs of this name have a handler here. */
  handles(name: string): boolean;
  /** Inserts jobs in the caller's transaction: they exist if and only if it commits. */
  enqueue(tx: Transaction, jobs: NewJob[]): Promise<void>;
  /** The jobs as the value of a `jobInsert`'s placeholder `jobs`. */
  encode(jobs: NewJob[]): string;
  /** Tells the worker that jobs were committed: it claims them at once instead of at its next poll. */
  nudge(): void;
  start(): Promise<void>;
  /**
   * Stops claiming and aborts the handlers' signal, waits for the running jobs up to `graceMs`,
   * then hands back those still running so any worker may take them again (their own
   * completion then fails harmlessly).
   */
  stop(graceMs: number): Promise<void>;
  /** Resolves once no due job is waiting and none is running (tests, clean stops). */
  idle(): Promise<void>;
}

export interface JobQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Handler calls (each one job, or one batch) run at once by this instance. */
  concurrency?: number;
  /** How long an idle worker waits before looking for jobs that other instances enqueued. */
  pollMs?: number;
  /**
   * How long a `nudge` waits before claiming, so that jobs committed in a burst (a vote each)
   * are claimed together and run as full batches: one claim, transaction and completion for
   * many rather than for each. 0: at once.
   */
  gatherMs?: number;
  /** How long a claim holds a job before another worker may take it. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Wait before attempt `attempt + 1`, after `attempt` failed. */
  retryDelayMs?: (attempt: number) => number;
  /**
   * Only this process uses the database (the embedded one): leases left by a previous process,
   * which died, are released at start instead of waiting for them to run out.
   */
  soleWorker?: boolean;
}

/** 1 s, 2 s, 4 s… up to 10 minutes: ten attempts span about 17 minutes. */
export const exponentialBackoff = (attempt: number) =>
  Math.min(1000 * 2 ** (attempt - 1), 10 * 60_000);

/** Thrown by `completeIn` when the job is no longer this run's. */
export class JobTakenError extends Error {
  constructor(key: string) {
    super(`job ${key} was taken over by another worker`);
  }
}

interface ClaimedJob {
  id: number;
  name: string;
  key: string;
  payload: JsonValue;
  attempts: number;
  maxAttempts: number;
}

/**
 * A job queue in the application's own database: one table, claimed with FOR UPDATE SKIP LOCKED
 * so several instances on PostgreSQL share the work and never run one job twice at once. The
 * embedded database has one process, so there the same statements simply find no competitor.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1000;
  const gatherMs = options.gatherMs ?? 0;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? exponentialBackoff;
  const handlers = new Map<
    string,
    { size: number; handler: JobBatchHandler; concurrency: number; running: number }
  >();
  /** The most jobs one call of any handler takes: a claim takes that many per free slot. */
  let largestBatch = 1;

  let started = false;
  let stopping = false;
  const stopped = new AbortController();
  let looping: Promise<void> = Promise.resolve();
  /** Handler calls in flight, under their first job's id. */
  const running = new Map<number, { batch: ClaimedJob[]; done: Promise<void> }>();
  let wake: (() => void) | undefined;
  let nudged = false;
  /** Due jobs may be waiting that the last claim left (it was full, or no slot was free). */
  let unclaimed = false;
  /** Waiters of `idle`, resolved by the first empty claim that starts after they came. */
  let idleWaiters: (() => void)[] = [];

  const kick = () => {
    nudged = true;
    wake?.();
  };
  let gathering: NodeJS.Timeout | undefined;
  const nudge = () => {
    if (gatherMs <= 0 || idleWaiters.length > 0) {
      kick();
      return;
    }
    gathering ??= setTimeout(() => {
      gathering = undefined;
      kick();
    }, gatherMs);
  };

  /** These jobs, still held by these very claims (no other worker took them over since). */
  const held = (batch: ClaimedJob[]) =>
    sql`(${jobs.id}, ${jobs.attempts}) in (select * from unnest(
      ${`{${batch.map((job) => job.id).join(',')}}`}::bigint[],
      ${`{${batch.map((job) => job.attempts).join(',')}}`}::int[]))`;

  /** Jobs of `names` that are due and free, up to `limit`, now held by this worker. */
  async function claim(names: string[], limit: number): Promise<ClaimedJob[]> {
    const { rows } = await db.execute<{
      id: string | number;
      name: string;
      key: string;
      payload: JsonValue;
      attempts: number;
      max_attempts: number;
    }>(sql`
      update ${jobs} set attempts = attempts + 1,
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id in (
        select id from ${jobs}
        where failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
          and name in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, name, key, payload, attempts, max_attempts`);
    // node-postgres gives bigint as text; PGlite as a number. The update returns rows in no
    // particular order: due first, as they were chosen.
    return rows
      .map((row) => ({
        id: Number(row.id),
        name: row.name,
        key: row.key,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Claimed jobs as handler calls: a batch handler's jobs together, up to its size, in order. */
  function intoBatches(claimed: ClaimedJob[]): ClaimedJob[][] {
    const batches: ClaimedJob[][] = [];
    const open = new Map<string, ClaimedJob[]>();
    for (const job of claimed) {
      const size = handlers.get(job.name)?.size ?? 1;
      const batch = open.get(job.name);
      if (batch && batch.length < size) {
        batch.push(job);
        continue;
      }
      const started = [job];
      batches.push(started);
      open.set(job.name, started);
    }
    return batches;
  }

  async function failed(job: ClaimedJob, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const last = job.attempts >= job.maxAttempts;
    await db
      .update(jobs)
      .set(
        last
          ? { lockedUntil: null, failedAt: sql`now()`, lastError: message }
          : {
              lockedUntil: null,
              runAt: sql`now() + ${`${retryDelayMs(job.attempts)} milliseconds`}::interval`,
              lastError: message,
            },
      )
      .where(held([job]));
    log[last ? 'error' : 'warn'](
      { err: error, job: job.key, attempt: job.attempts },
      last ? 'job failed for good' : 'job failed; it will be retried',
    );
  }

  async function execute(batch: ClaimedJob[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    const registered = handlers.get(first.name);
    let completed = false;
    const completeIn = async (tx: Transaction) => {
      const gone = await tx.delete(jobs).where(held(batch)).returning({ id: jobs.id });
      if (gone.length !== batch.length) {
        throw new JobTakenError(batch.map((job) => job.key).join(', '));
      }
      completed = true;
    };
    try {
      if (!registered) throw new Error(`no handler for job ${first.name}`);
      await registered.handler({
        jobs: batch.map((job) => ({ key: job.key, attempt: job.attempts, payload: job.payload })),
        completeIn,
        signal: stopped.signal,
      });
      if (!completed) await db.delete(jobs).where(held(batch));
    } catch (error) {
      if (stopped.signal.aborted) {
        // Given up because the queue stops: not a failure, so the next start runs it afresh.
        log.info({ jobs: batch.map((job) => job.key) }, 'jobs stopped with the queue: released');
        await release(batch);
        return;
      }
      if (batch.length > 1) {
        for (const job of batch) await execute([job]);
        return;
      }
      if (error instanceof JobTakenError) {
        log.warn({ job: first.key }, error.message);
        return;
      }
      await failed(first, error).catch((failure: unknown) =>
        log.error({ err: failure, job: first.key }, 'could not record a job failure'),
      );
    }
  }

  function begin(batch: ClaimedJob[]) {
    const [first] = batch;
    if (!first) return;
    const registered = handlers.get(first.name);
    if (registered) registered.running += 1;
    const done = execute(batch).finally(() => {
      running.delete(first.id);
      if (registered) registered.running -= 1;
      // A free slot looks again only if due jobs may be waiting, or someone waits for idle:
      // otherwise the next enqueue nudges, and other instances' jobs wait for the next poll.
      if (unclaimed || idleWaiters.length > 0) kick();
    });
    running.set(first.id, { batch, done });
  }

  async function loop() {
    while (!stopping) {
      nudged = false;
      const waiting = idleWaiters;
      idleWaiters = [];
      const free = concurrency - running.size;
      let batches: ClaimedJob[][] = [];
      unclaimed = free <= 0;
      // Handlers at their own limit wait: a call of theirs that ends looks again.
      const names = [...handlers].flatMap(([name, { running, concurrency }]) =>
        running < concurrency ? [name] : [],
      );
      if (names.length < handlers.size) unclaimed = true;
      if (free > 0 && names.length > 0) {
        try {
          const limit = free * largestBatch;
          const claimed = await claim(names, limit);
          if (claimed.length >= limit) unclaimed = true;
          batches = intoBatches(claimed);
        } catch (error) {
          log.error({ err: error }, 'could not claim jobs');
        }
      }
      // Claimed beyond the free slots or a handler's own limit (single jobs among batches),
      // or while stopping: not started, so handed straight back.
      const kept: ClaimedJob[][] = [];
      const surplus: ClaimedJob[] = [];
      const starting = new Map<string, number>();
      for (const batch of batches) {
        const name = batch[0]?.name ?? '';
        const registered = handlers.get(name);
        const calls = (registered?.running ?? 0) + (starting.get(name) ?? 0);
        if (stopping || kept.length >= free || calls >= (registered?.concurrency ?? 0)) {
          surplus.push(...batch);
          continue;
        }
        kept.push(batch);
        starting.set(name, (starting.get(name) ?? 0) + 1);
      }
      if (surplus.length > 0) unclaimed = true;
      await release(surplus);
      if (stopping) break;
      for (const batch of kept) begin(batch);
      if (kept.length === 0 && running.size === 0) {
        for (const resolve of waiting) resolve();
      } else {
        idleWaiters.unshift(...waiting);
      }
      // A job finishing nudges too when the claim left due jobs, so they are looked at then.
      if (nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        if (nudged || stopping) wake();
      });
      wake = undefined;
    }
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  }

  async function release(claimed: ClaimedJob[]) {
    if (claimed.length === 0) return;
    await db
      .update(jobs)
      .set({ lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
      .where(held(claimed))
      .catch((error: unknown) =>
        log.error({ err: error, jobs: claimed.map((job) => job.key) }, 'jobs not released'),
      );
  }

  function handleBatch(
    name: string,
    size: number,
    handler: JobBatchHandler,
    options: HandlerOptions = {},
  ) {
    if (handlers.has(name)) throw new Error(`jobs named ${name} already have a handler`);
    handlers.set(name, {
      size,
      handler,
      concurrency: Math.min(options.concurrency ?? concurrency, concurrency),
      running: 0,
    });
    largestBatch = Math.max(largestBatch, size);
  }

  const encode = (added: NewJob[]) =>
    JSON.stringify(
      // The payload as JSON text: a JSON null read into a jsonb column would be SQL NULL.
      added.map((job) => ({
        name: job.name,
        key: job.key,
        payload: JSON.stringify(job.payload),
        max_attempts: maxAttempts,
      })),
    );

  return {
    handle(name, handler, options) {
      handleBatch(
        name,
        1,
        async (batch) => {
          const [job] = batch.jobs;
          if (!job) return;
          await handler(job.payload, {
            key: job.key,
            attempt: job.attempt,
            completeIn: batch.completeIn,
            signal: batch.signal,
          });
        },
        options,
      );
    },
    handleBatch,
    handles: (name) => handlers.has(name),
    encode,
    async enqueue(tx, added) {
      if (added.length === 0) return;
      await insertJobs.run(tx, { jobs: encode(added) });
    },
    nudge,
    async start() {
      if (started) return;
      started = true;
      if (options.soleWorker) {
        await db
          .update(jobs)
          .set({ lockedUntil: null })
          .where(sql`${jobs.lockedUntil} is not null and ${jobs.failedAt} is null`);
      }
      looping = loop();
    },
    async stop(graceMs) {
      stopping = true;
      clearTimeout(gathering);
      stopped.abort(new Error('The job queue is stopping.'));
      wake?.();
      await looping;
      const settled = Promise.allSettled([...running.values()].map(({ done }) => done));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        settled,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      const late = [...running.values()].flatMap(({ batch }) => batch);
      if (late.length > 0) {
        log.warn({ jobs: late.map((job) => job.key) }, 'jobs still running at stop: released');
        await release(late);
      }
    },
    idle() {
      if (!started || stopping) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        kick();
      });
    },
  };
}
