import type { Query } from 'drizzle-orm';
import type { PgSelectConfig } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { compileRowMapper } from './row-mapper';

/** A read built once and run with new values for its placeholders. */
export interface PreparedRead<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/** What `prepareOnce` takes: a select of the query builder (`db.select(…)…`), not yet run. */
export interface PreparableSelect<Row> {
  readonly _: { readonly result: Row[]; readonly config: PgSelectConfig };
  toSQL(): Query;
}

/** Per database (tests open many), the statements built so far, by name. */
const built = new WeakMap<Database, Map<string, PreparedRead<unknown>>>();

/**
 * The read `build` makes, built once per database under `name` (which must stand for one SQL
 * text) and reused. drizzle takes as long to assemble a page's statement (~100–200 µs) as
 * PostgreSQL takes to run it; the reads most requests make should pay that once. Its rows are
 * mapped by a mapper compiled for the selection (`compileRowMapper`).
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
  const mapRow = compileRowMapper(select._.config) as (row: unknown[]) => Row;
  const read = db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    select.toSQL(),
    undefined,
    name,
    true,
    (rows) => rows.map(mapRow),
  );
  reads.set(name, read as PreparedRead<unknown>);
  return read;
}
