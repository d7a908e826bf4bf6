import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectPostgres } from '../src/platform/db';
import { connectPglite, createPglite } from '../src/platform/db/pglite';
import { startS3Server } from './s3';
import { onServer, silentLogger, testDatabaseUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a tar dump of the migrated template database. */
    pgliteTemplate: string;
    /** Postgres mode: where the migrated template lives and what to call each file's copy. */
    postgresTemplate: { serverUrl: string; template: string; prefix: string };
    /** TEST_STORAGE=s3: the run's S3-compatible server, where each test app makes a bucket. */
    s3Endpoint: string | undefined;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * instead of paying for a new database and its migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardownStorage = await setupStorage(project);
  const teardownDatabase =
    project.config.env.AGORA_TEST_DB === 'postgres'
      ? await setupPostgres(project)
      : await setupPglite(project);
  return async () => {
    await teardownDatabase();
    await teardownStorage();
  };
}

/** With TEST_STORAGE=s3, one S3-compatible server for the run; otherwise uploads go to disk. */
async function setupStorage(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_STORAGE !== 's3') {
    project.provide('s3Endpoint', undefined);
    return async () => {};
  }
  const server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
  return () => server.close();
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'agora-template-'));
  const client = await createPglite();
  const connection = connectPglite(client);
  await connection.migrate();
  // Uncompressed: loading it is what every test file pays for, and gzip makes that slower.
  const dump = await client.dumpDataDir('none');
  await connection.close();
  const file = join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('AGORA_TEST_DB=postgres needs TEST_DATABASE_URL');
  // One run's databases share a prefix, so teardown also removes those of crashed files.
  const prefix = `agora_test_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE "${template}"`));
  const connection = connectPostgres(testDatabaseUrl(serverUrl, template), silentLogger);
  await connection.migrate();
  await connection.close();
  project.provide('postgresTemplate', { serverUrl, template, prefix });

  return () =>
    onServer(serverUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
    });
}
