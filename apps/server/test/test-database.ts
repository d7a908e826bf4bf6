import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { connectPostgres, type ConnectOptions, type DatabaseConnection } from '../src/platform/db';
import { connectPglite, createPglite } from '../src/platform/db/pglite';

/** Set per vitest project: the same test files run on PGlite and on PostgreSQL. */
export const testDatabaseMode = process.env.AGORA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const silentLogger = pino({ level: 'silent' });

export function testDatabaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase {
  connection: DatabaseConnection;
  /** Postgres mode only. */
  url?: string;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/** Runs statements on the test server over a short-lived connection of their own. */
export async function onServer<T>(
  serverUrl: string,
  work: (admin: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new PostgreSQL database copied from the run's migrated template. */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const { serverUrl, template, prefix } = inject('postgresTemplate');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  return {
    url: testDatabaseUrl(serverUrl, name),
    drop: async () => {
      await onServer(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/** Read once per test file (each file runs in its own module scope). */
let pgliteTemplate: Promise<Blob> | undefined;

/** A fresh, migrated database of the project's kind. */
export async function openTestDatabase(options: ConnectOptions = {}): Promise<TestDatabase> {
  if (testDatabaseMode === 'postgres') {
    const database = await createPostgresTestDatabase();
    const connection = connectPostgres(database.url, silentLogger, options);
    return {
      connection,
      url: database.url,
      drop: async () => {
        await connection.close();
        await database.drop();
      },
    };
  }
  pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  const connection = connectPglite(
    await createPglite({ loadDataDir: await pgliteTemplate }),
    options,
  );
  return { connection, drop: () => connection.close() };
}
