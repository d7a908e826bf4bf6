import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { JobQueue } from '../jobs';
import type { Storage } from './storage';
import { storedObjects } from './storage.tables';
import { STAGING_FOLDER, stagedAt, sweep } from './stored-objects';

/** The job that deletes what uploads and deletions left behind. */
export const STORAGE_SWEEP_JOB = 'storage.sweep';
/** How often each instance asks for a sweep, and how long after it starts the first time. */
export const STORAGE_SWEEP_EVERY_MS = 60 * 60 * 1000;
export const STORAGE_SWEEP_FIRST_MS = 5 * 60 * 1000;
/**
 * Staged bytes older than this belong to no upload still running: a 100 MB upload at a slow
 * 100 KB/s takes 17 minutes.
 */
export const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

export interface SweepReport {
  /** Objects whose last reference had gone, deleted with their row. */
  objects: number;
  /** Staging keys of uploads that were never kept (a crash, a lost connection). */
  staged: number;
}

/**
 * Deletes the objects no row points at any more (a crash between a release and its sweep) and
 * the staged uploads older than STAGING_MAX_AGE_MS. Each object goes through `sweep`, which
 * holds its row, so an upload of the same bytes at that moment keeps them.
 */
export async function sweepStorage(
  db: Database,
  storage: Storage,
  now: number = Date.now(),
): Promise<SweepReport> {
  const unreferenced = await db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(eq(storedObjects.references, 0));
  for (const { key } of unreferenced) await sweep(db, storage, key);

  let staged = 0;
  for (const key of await storage.list(`${STAGING_FOLDER}/`)) {
    const at = stagedAt(key);
    // A key that does not say when it was made predates timed keys: long gone as an upload.
    if (at !== undefined && now - at < STAGING_MAX_AGE_MS) continue;
    await storage.delete(key);
    staged += 1;
  }
  return { objects: unreferenced.length, staged };
}

/**
 * Runs the sweep on the job queue: each instance asks for one every STORAGE_SWEEP_EVERY_MS
 * (a job keyed by the hour, so instances asking at once share it), the first a few minutes
 * after it starts. Returns what stops the timers.
 */
export function scheduleStorageSweep(
  db: Database,
  storage: Storage,
  jobs: JobQueue,
  log: FastifyBaseLogger,
): { start(): void; stop(): void } {
  jobs.handle(STORAGE_SWEEP_JOB, async () => {
    const report = await sweepStorage(db, storage);
    if (report.objects + report.staged > 0) log.info(report, 'storage swept');
  });
  const ask = () => {
    const slot = Math.floor(Date.now() / STORAGE_SWEEP_EVERY_MS);
    db.transaction((tx) =>
      jobs.enqueue(tx, [
        { name: STORAGE_SWEEP_JOB, key: `${STORAGE_SWEEP_JOB}:${slot}`, payload: {} },
      ]),
    )
      .then(() => jobs.nudge())
      .catch((error: unknown) => log.error({ err: error }, 'could not ask for a storage sweep'));
  };
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;
  return {
    start() {
      first = setTimeout(ask, STORAGE_SWEEP_FIRST_MS).unref();
      every = setInterval(ask, STORAGE_SWEEP_EVERY_MS).unref();
    },
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
