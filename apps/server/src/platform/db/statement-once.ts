import type { AnyColumn, Query, SQL } from 'drizzle-orm';
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

/** The row `columns` select, as drizzle types it: a nullable column's value may be null. */
export type ColumnsRow<Columns extends Record<string, AnyColumn>> = {
  [Key in keyof Columns]: Columns[Key]['_']['notNull'] extends true
    ? Columns[Key]['_']['data']
    : Columns[Key]['_']['data'] | null;
};

/**
 * A row of `columns` from a statement's raw row (keyed by column name, as `statementOnce` gives
 * it), each value decoded by its column as drizzle's own queries do, null kept null.
 */
export function decodeColumns<Columns extends Record<string, AnyColumn>>(
  columns: Columns,
  raw: Record<string, unknown>,
): ColumnsRow<Columns> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ColumnsRow<Columns>;
}
