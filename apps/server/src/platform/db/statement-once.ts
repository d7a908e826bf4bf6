import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './database';

/** A statement of our own SQL, assembled once, run on a database or in a transaction. */
export interface BuiltStatement<Row> {
  /** Runs it with these values for its placeholders (`sql.placeholder(name)`); its rows. */
  run(on: Database | Transaction, values: Record<string, unknown>): Promise<Row[]>;
}

const dialect = new PgDialect();

/**
 * The statement `build` makes (placeholders where values go), assembled on first use and reused:
 * drizzle walks a large template's parts on every run (~50–100 µs for a write with several
 * CTEs), which the hot writes (a vote, a notification) should not pay each time. Rows come back
 * as the driver gives them: bigint as text on PostgreSQL, as a number on PGlite.
 */
export function statementOnce<Row>(build: () => SQL): BuiltStatement<Row> {
  let query: Query | undefined;
  return {
    async run(on, values) {
      query ??= dialect.sqlToQuery(build());
      const prepared = on._.session.prepareQuery<{
        execute: { rows: Row[] };
        all: unknown;
        values: unknown;
      }>(query, undefined, undefined, false);
      const result = await prepared.execute(values);
      return result.rows;
    },
  };
}
