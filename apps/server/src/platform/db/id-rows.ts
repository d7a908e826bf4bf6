import { sql, type SQL } from 'drizzle-orm';

/** A row of `idRows`, to correlate each probe with: `page.id`. */
export const PAGE_ID = sql`page.id`;

/**
 * A list of ids as rows (`page.id`), for statements that probe something per id of a page (a
 * member's marks on a list's objects). The ids come through a subquery, which hides how many
 * there are from the planner: every plan of the statement then costs the same, so PostgreSQL
 * keeps one generic plan instead of planning it on every run (for a prepared statement with an
 * array parameter, a custom plan knows the array's length and the generic one does not, so the
 * generic plan never looks cheaper). Probe with scalar subqueries (`(select true from …)`): an
 * `exists` may be planned as a hash of all the member's rows, however many they are.
 */
export const idRows = (ids: number[]): SQL =>
  sql`unnest((select ${`{${ids.join(',')}}`}::bigint[])) as page(id)`;
