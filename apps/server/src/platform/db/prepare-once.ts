import type { Database } from './database';

/** What drizzle's `.prepare(name)` gives: the statement built once, run with new values. */
export interface PreparedRead<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** Per database (tests open many), the statements built so far, by name. */
const built = new WeakMap<Database, Map<string, PreparedRead<unknown>>>();

/**
 * The read `build` makes, built once per database under `name` (which must stand for one SQL
 * text) and reused. drizzle takes as long to assemble a page's statement (~100–200 µs) as
 * PostgreSQL takes to run it; the reads most requests make should pay that once.
 */
export function prepareOnce<Row>(
  db: Database,
  name: string,
  build: () => { prepare(name: string): PreparedRead<Row> },
): PreparedRead<Row> {
  let reads = built.get(db);
  if (!reads) {
    reads = new Map();
    built.set(db, reads);
  }
  const known = reads.get(name);
  // Only `build` ever stores under a name, and a name stands for one statement and row type.
  if (known) return known as PreparedRead<Row>;
  const read = build().prepare(name);
  reads.set(name, read as PreparedRead<unknown>);
  return read;
}
