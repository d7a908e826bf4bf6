import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { openTestDatabase } from '../../../test/test-database';

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has every migration applied once the app is ready', async () => {
    const files = (await readdir(resolve(import.meta.dirname, '../../../migrations'))).filter(
      (name) => name.endsWith('.sql'),
    );
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(rows).toEqual([{ count: files.length }]);
  });

  it('applies migrations again as a no-op, as on every restart', async () => {
    const database = await openTestDatabase();
    try {
      await database.connection.migrate();
      await database.connection.migrate();
      const { rows } = await database.connection.db.execute<{ table: string }>(
        sql`select table_name as table from information_schema.tables where table_schema = 'public'`,
      );
      expect(rows.map((row) => row.table)).toContain('users');
    } finally {
      await database.drop();
    }
  });
});
