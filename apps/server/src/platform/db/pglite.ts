import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import {
  loggerFor,
  MIGRATIONS_FOLDER,
  type ConnectOptions,
  type DatabaseConnection,
} from './database';

/** The embedded database (PostgreSQL in WASM) behind the same query builder. */
export function connectPglite(client: PGlite, options: ConnectOptions = {}): DatabaseConnection {
  const db = drizzlePglite({ client, logger: loggerFor(options) });
  let closing: Promise<void> | undefined;
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => (closing ??= client.close()),
  };
}

/** PGlite with the extensions the migrations use (pg_trgm for fuzzy member search). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}
