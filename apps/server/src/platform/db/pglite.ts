import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import {
  loggerFor,
  MIGRATIONS_FOLDER,
  type ConnectOptions,
  type DatabaseConnection,
} from './database';

export { createPglite } from './pglite-engine';

/**
 * PGlite in this thread behind the PGlite driver of the query builder: the tests' copies of
 * the migrated template. The server runs it in a worker instead (`embedded.ts`).
 */
export function connectPglite(client: PGlite, options: ConnectOptions = {}): DatabaseConnection {
  const db = drizzlePglite({ client, logger: loggerFor(options) });
  let closing: Promise<void> | undefined;
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => (closing ??= client.close()),
  };
}
