import type { Query } from 'drizzle-orm';
import type { PgSelectConfig } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './database';
import { compileRowMapper } from './row-mapper';

/** A read built once and run with new values for its placeholders. */
export interface PreparedRead<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
  /** The same read in a transaction of its database, under the same name. */
  executeIn(tx: Transaction, values?: Record<string, unknown>): Promise<Row[]>;
}

/** What `prepareOnce` takes: a select of the query builder (`db.select(…)…`), not yet run. */
export interface PreparableSelect<Row> {
  readonly _: { readonly result: Row[]; readonly config: PgSelectConfig };
  toSQL(): Query;
}

/** Per database (tests open many), the statements built so far, by name. */
const built = new WeakMap<Database, Map<string, PreparedRead<unknown>>>();

/**
 * The SQL text each name was built with, for every database of the process. A name is built
 * once per database and served from its cache after that, so the hot path never compares; a
 * name that now builds another text is caught when it is built for the next database.
 */
const textOf = new Map<string, string>();

/**
 * The read `build` makes, built once per database under `name` and reused. drizzle takes as
 * long to assemble a page's statement (~100–200 µs) as PostgreSQL takes to run it; the reads
 * most requests make should pay that once. Its rows are mapped by a mapper compiled for the
 * selection (`compileRowMapper`). A name stands for one SQL text: building another text under
 * a name already built throws.
 */
export function prepareOnce<Row>(
  db: Database,
  name: string,
  build: () => PreparableSelect<Row>,
): PreparedRead<Row> {
  let reads = built.get(db);
  if (!reads) {
    reads = new Map();
    built.set(db, reads);
  }
  const known = reads.get(name);
  // Only `build` ever stores under a name, and a name stands for one statement and row type.
  if (known) return known as PreparedRead<Row>;
  const select = build();
  const query = select.toSQL();
  const text = textOf.get(name);
  if (text === undefined) textOf.set(name, query.sql);
  else if (text !== query.sql) {
    throw new Error(
      `prepareOnce: the statement "${name}" now builds a different SQL text than it was built with; give each statement its own name`,
    );
  }
  const mapRow = compileRowMapper(select._.config) as (row: unknown[]) => Row;
  const prepareOn = (on: Database | Transaction) =>
    on._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
      query,
      undefined,
      name,
      true,
      (rows) => rows.map(mapRow),
    );
  const onDatabase = prepareOn(db);
  const read: PreparedRead<Row> = {
    execute: (values) => onDatabase.execute(values),
    executeIn: (tx, values) => prepareOn(tx).execute(values),
  };
  reads.set(name, read as PreparedRead<unknown>);
  return read;
}
