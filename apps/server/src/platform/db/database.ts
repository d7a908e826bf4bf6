import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { SERVER_ROOT } from '../../server-root';
import { prepareStatements } from './prepared-statements';

/** Both drivers answer raw SQL (`db.execute`) with `{ rows }`; say so, so callers can read them. */
interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
interface RowsResult<Row> {
  rows: Row[];
}

/** The query builder both drivers share: features depend on this, never on a driver. */
export type Database = PgDatabase<RowsResultHKT>;

/** What `db.transaction(work)` hands `work`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseConnection {
  readonly db: Database;
  /** Applies pending migrations from apps/server/migrations. */
  migrate(): Promise<void>;
  /** Safe to call more than once. */
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(SERVER_ROOT, 'migrations');

/** Any constant works; instances of one deployment only need to agree on it. */
const MIGRATION_LOCK_ID = 0x61676f72;

export interface ConnectOptions {
  /** PostgreSQL connections kept at most (node-postgres's default, 10, when unset). */
  poolSize?: number;
  /** Called with every SQL statement the query builder sends (tests count and explain them). */
  onQuery?: (sql: string, params: unknown[]) => void;
}

export const loggerFor = ({ onQuery }: ConnectOptions) =>
  onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;

export function connectPostgres(
  url: string,
  log: FastifyBaseLogger,
  options: ConnectOptions = {},
): DatabaseConnection {
  return connectPool(
    { connectionString: url, connectionTimeoutMillis: 10_000, max: options.poolSize },
    log,
    options,
  );
}

/**
 * The query builder over a node-postgres pool: PostgreSQL, or the embedded database in its
 * worker (`embedded.ts`). `end` closes what the pool talks to (default: the pool alone).
 */
export function connectPool(
  config: pg.PoolConfig,
  log: FastifyBaseLogger,
  options: ConnectOptions,
  end: (pool: pg.Pool) => Promise<void> = (pool) => pool.end(),
): DatabaseConnection {
  const pool = new pg.Pool(config);
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', (error) => log.error({ err: error }, 'idle database connection failed'));
  prepareStatements(pool);
  const db = drizzlePostgres({ client: pool, logger: loggerFor(options) });
  let closing: Promise<void> | undefined;
  return {
    db,
    async migrate() {
      // Instances starting together take turns, so each migration is applied once.
      const client = await pool.connect();
      let failed = true;
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        failed = false;
      } finally {
        // A failed session still holds the lock: discard it rather than return it to the pool.
        client.release(failed);
      }
    },
    close: () => (closing ??= end(pool)),
  };
}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in `<dataDir>/db`, run in a
 * worker thread (`embedded.ts`).
 */
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string },
  log: FastifyBaseLogger,
  connectOptions: ConnectOptions = {},
): Promise<DatabaseConnection> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, log, connectOptions);
  const folder = join(options.dataDir, 'db');
  await mkdir(folder, { recursive: true });
  const { connectEmbedded } = await import('./embedded');
  return connectEmbedded(folder, log, connectOptions);
}
