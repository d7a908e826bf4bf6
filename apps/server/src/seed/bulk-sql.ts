import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db';

/*
 * Pieces for generating rows inside PostgreSQL: a batch's plan goes in as a few array
 * parameters (one per column, read back with `unnest`), and the many rows that follow from it
 * (ballots, votes, attempts) are made by `generate_series` in the same statement, so millions
 * of rows never pass through JavaScript.
 */

/** One array parameter, sent as a single value (drizzle would otherwise spread a JS array). */
export const array = <T>(values: T[], type: 'bigint' | 'int' | 'float8' | 'text' | 'bool') =>
  sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** Milliseconds since the epoch, as planned in JavaScript, to a timestamp. */
export const fromMs = (ms: SQL) => sql`to_timestamp((${ms}) / 1000.0)`;

/**
 * A uniform number in [0, 1) fixed by `value` and the seed: the same `--seed` makes the same
 * rows, whichever order PostgreSQL evaluates them in. `salt` separates the draws of one row.
 */
export function unit(seed: number, value: SQL, salt: number): SQL<number> {
  return sql<number>`((hashint8extended(${value}, ${seed * 64 + salt}) & 2147483647)::float8 / 2147483648)`;
}

/**
 * `count` new ids from the identity sequence of `table.id`, in order. Rows inserted with them
 * (`overriding system value`) can refer to each other before they exist, as a poll post's id is
 * its poll's id.
 */
export async function reserveIds(db: Database, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await db.execute<{ id: string | number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * A step through the members that visits each once before repeating: the k-th voter of an
 * object is member `(offset + k × step) mod count`, so k < count voters are always different
 * members (the step and the count have no common divisor).
 */
export function memberStep(count: number): number {
  let step = Math.max(1, Math.floor(count * 0.618));
  while (gcd(step, count) !== 1) step += 1;
  return step;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The `k`-th of an object's distinct members (see memberStep), from the member-id array
 * parameter `members`.
 */
export function nthMember(members: SQL, count: number, offset: SQL, k: SQL): SQL<number> {
  const step = memberStep(count);
  return sql<number>`(${members})[1 + ((${offset})::bigint + (${k})::bigint * ${step}) % ${count}]`;
}

/**
 * Spreads `total` over objects in proportion to their weights, none above `cap`, so that the
 * sum is exactly `total` (or every object is at its cap). Deterministic for the same weights.
 */
export function spread(weights: number[], total: number, cap: number): number[] {
  const counts = weights.map(() => 0);
  let left = Math.min(total, weights.filter((weight) => weight > 0).length * cap);
  // A few rounds: what the cap cuts off one round goes to the others the next.
  while (left > 0) {
    const open = weights.flatMap((weight, index) =>
      weight > 0 && (counts[index] ?? 0) < cap ? [index] : [],
    );
    if (open.length === 0) break;
    const sum = open.reduce((total, index) => total + (weights[index] ?? 0), 0);
    let given = 0;
    for (const index of open) {
      const share = Math.floor(((weights[index] ?? 0) / sum) * left);
      const add = Math.min(share, cap - (counts[index] ?? 0));
      counts[index] = (counts[index] ?? 0) + add;
      given += add;
    }
    if (given === 0) {
      // Less than one each is left: one more to the heaviest open objects, in order.
      const heaviest = [...open].sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
      for (const index of heaviest.slice(0, left)) counts[index] = (counts[index] ?? 0) + 1;
      given = Math.min(left, heaviest.length);
    }
    left -= given;
  }
  return counts;
}
