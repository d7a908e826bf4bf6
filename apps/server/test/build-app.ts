import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { NO_ACTION_LIMITS, NO_NEW_MEMBER_LIMITS } from '../src/platform/auth';
import type { Database } from '../src/platform/db';
import { createTestBucket } from './s3';
import { openTestDatabase } from './test-database';

export interface TestAppOptions {
  /** Replaces parts of the test config (which reads nothing from the environment). */
  config?: Partial<Config>;
  /** Receives the app's log lines (at level info unless `config.logLevel` says otherwise). */
  logStream?: DestinationStream;
  /** Adds test-only routes or hooks before the app starts. */
  setup?: (app: FastifyInstance) => void;
}

export interface RecordedQuery {
  sql: string;
  params: unknown[];
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Closes the app and removes its database and data folder. */
  close(): Promise<void>;
  /** How many SQL statements the app's query builder sent from inside `work`. */
  countQueries(work: () => Promise<unknown>): Promise<number>;
  /** The SQL statements (with their parameters) the app's query builder sent from inside `work`. */
  recordQueries(work: () => Promise<unknown>): Promise<RecordedQuery[]>;
  /** Closes the database under the running app, to see how the app copes. */
  closeDatabase(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database (a copy of the run's template) and a temporary
 * DATA_DIR. Usually one per test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-test-'));
  // Only statements sent from inside `work` (and what it starts) are recorded: event handlers
  // still finishing an earlier request's work must not be counted against this one.
  const recording = new AsyncLocalStorage<RecordedQuery[]>();
  const database = await openTestDatabase({
    onQuery: (text, params) => recording.getStore()?.push({ sql: text, params }),
  });
  const record = async (work: () => Promise<unknown>) => {
    const queries: RecordedQuery[] = [];
    // Awaited inside the context: an injected request is a thenable that starts when awaited,
    // and awaited outside it, its statements would be recorded nowhere.
    await recording.run(queries, async () => {
      await work();
    });
    return queries;
  };
  const s3Endpoint = inject('s3Endpoint');
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      // No SPA build unless a test provides one.
      WEB_DIST: join(dataDir, 'web'),
    }),
    databaseUrl: database.url,
    actionLimits: NO_ACTION_LIMITS,
    newMembers: NO_NEW_MEMBER_LIMITS,
    // Tests that change rows in SQL read them back at once; the cache's own tests turn it on.
    anonymousCacheMs: 0,
    // TEST_STORAGE=s3 (vitest.s3.config.ts): a fresh bucket per app, like the fresh database.
    s3: s3Endpoint ? await createTestBucket(s3Endpoint) : undefined,
    ...options.config,
  };
  const app = buildApp(config, { database: database.connection, logStream: options.logStream });
  options.setup?.(app);
  try {
    await app.ready();
  } catch (error) {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: app.db,
    config,
    countQueries: async (work) => (await record(work)).length,
    recordQueries: record,
    closeDatabase: () => database.connection.close(),
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
