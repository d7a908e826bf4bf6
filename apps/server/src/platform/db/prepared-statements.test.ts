import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseMode } from '../../../test/test-database';
import { withStatementName } from './prepared-statements';

describe('statement names', () => {
  const named = (text: string) => withStatementName({ text, rowMode: 'array' });

  it('gives a data statement a name, the same one for the same text', () => {
    const first = named('select "id" from "users" where "id" = $1');
    expect(first).toEqual({
      text: 'select "id" from "users" where "id" = $1',
      rowMode: 'array',
      name: expect.stringMatching(/^agora_\d+$/),
    });
    expect(named('select "id" from "users" where "id" = $1')).toEqual(first);
    for (const text of [
      '  insert into "likes" values ($1)',
      'UPDATE "users" set "bio" = $1',
      'delete from "likes"',
      'with "x" as (select 1) select * from "x"',
    ]) {
      const result = named(text) as { name: string };
      expect(result.name).toMatch(/^agora_\d+$/);
      expect(result.name).not.toBe((first as { name: string }).name);
    }
  });

  it('leaves alone what cannot or need not be prepared', () => {
    const ddl = { text: 'create table "t" ("id" int); create index on "t" ("id")' };
    expect(withStatementName(ddl)).toBe(ddl);
    const alreadyNamed = { text: 'select 1', name: 'mine' };
    expect(withStatementName(alreadyNamed)).toBe(alreadyNamed);
    expect(withStatementName('select 1')).toBe('select 1');
    expect(withStatementName(undefined)).toBeUndefined();
  });
});

describe.runIf(testDatabaseMode === 'postgres')('prepared statements on PostgreSQL', () => {
  it('prepares each statement once per connection and reuses it', async () => {
    const database = await openTestDatabase();
    try {
      // One transaction holds one connection, so every statement below shares it.
      const prepared = await database.connection.db.transaction(async (tx) => {
        for (const id of [1, 2, 3]) {
          await tx.execute(sql`select ${id}::int as id, 'agora prepared probe' as probe`);
        }
        const { rows } = await tx.execute<{ statement: string }>(
          sql`select statement from pg_prepared_statements where name like 'agora\\_%'`,
        );
        return rows.map((row) => row.statement);
      });
      expect(prepared.filter((text) => text.includes('agora prepared probe'))).toHaveLength(1);
    } finally {
      await database.drop();
    }
  });
});
