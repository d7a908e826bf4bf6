import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@agora/shared';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';

/**
 * Keyset ("seek") pagination: constant cost at any depth, and no duplicates or gaps when rows
 * arrive between pages. A list declares its sort key once, ending in a unique column:
 *
 *   const byNewest = keyset({ createdAt: timestampKey(discussions.createdAt), id: integerKey(discussions.id) });
 *   const rows = await db.select().from(discussions)
 *     .where(and(visible, byNewest.afterCursor(query.cursor))) // 400 naming `cursor` if tampered with
 *     .orderBy(...byNewest.orderBy)
 *     .limit(fetchLimit(query.limit));
 *   return byNewest.page(rows, query.limit, (row) => row);  // { rows, next }
 *
 * Timestamps must be stored at millisecond precision (`precision: 3`), as JavaScript keeps them;
 * otherwise a cursor would fall between two microseconds and repeat a row.
 */

export interface KeyPart<Value> {
  /** A column, or an expression computed from the row (a ranking score). */
  column: AnyPgColumn | SQL;
  /** Parses one value of a decoded cursor; undefined when it is not valid. */
  parse(raw: unknown): Value | undefined;
  serialise(value: Value): string | number;
  /** The value as a typed SQL parameter. */
  param(value: Value): SQL;
}

export const timestampKey = (column: AnyPgColumn | SQL): KeyPart<Date> => ({
  column,
  parse: (raw) => {
    const date = typeof raw === 'string' ? new Date(raw) : undefined;
    return date && !Number.isNaN(date.getTime()) ? date : undefined;
  },
  serialise: (value) => value.toISOString(),
  param: (value) => sql`${value.toISOString()}::timestamptz`,
});

export const integerKey = (column: AnyPgColumn | SQL): KeyPart<number> => ({
  column,
  parse: (raw) => (Number.isSafeInteger(raw) ? (raw as number) : undefined),
  serialise: (value) => value,
  param: (value) => sql`${value}::bigint`,
});

/**
 * A double-precision value such as a computed score. PostgreSQL prints doubles exactly and
 * JavaScript reads them back exactly, so the cursor lands on the same row again.
 */
export const floatKey = (column: AnyPgColumn | SQL): KeyPart<number> => ({
  column,
  parse: (raw) => (typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined),
  serialise: (value) => value,
  param: (value) => sql`${value}::float8`,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid column; a cursor holding anything else is refused before PostgreSQL would fail the cast. */
export const uuidKey = (column: AnyPgColumn | SQL): KeyPart<string> => ({
  column,
  parse: (raw) => (typeof raw === 'string' && UUID.test(raw) ? raw : undefined),
  serialise: (value) => value,
  param: (value) => sql`${value}::uuid`,
});

/** A text column, compared in the column's collation, as ORDER BY sorts it. */
export const textKey = (column: AnyPgColumn | SQL): KeyPart<string> => ({
  column,
  parse: (raw) => (typeof raw === 'string' ? raw : undefined),
  serialise: (value) => value,
  param: (value) => sql`${value}::text`,
});

type Values<Parts extends Record<string, KeyPart<unknown>>> = {
  [Name in keyof Parts]: Parts[Name] extends KeyPart<infer Value> ? Value : never;
};

export interface Page<Row> {
  rows: Row[];
  /** The cursor of the following page, or null on the last. */
  next: string | null;
}

export interface Keyset<Parts extends Record<string, KeyPart<unknown>>> {
  /** ORDER BY for the list, every part in `direction`. */
  orderBy: SQL[];
  /** Rows strictly after the cursor position (a row-value comparison the index serves). */
  after(position: Values<Parts> | undefined): SQL | undefined;
  /** `after(decode(cursor))`: the condition for the page a request's cursor asks for. */
  afterCursor(cursor: string | undefined): SQL | undefined;
  /** The cursor's position; a 400 naming `cursor` when it was not made by this keyset. */
  decode(cursor: string | undefined): Values<Parts> | undefined;
  encode(position: Values<Parts>): string;
  /** Trims the `fetchLimit(limit)` fetched rows to one page and makes the next cursor. */
  page<Row>(
    rows: Row[],
    limit: number | undefined,
    positionOf: (row: Row) => Values<Parts>,
  ): Page<Row>;
}

/** How many rows a page holds: the asked limit (validated by the contract) or the default. */
export const pageSize = (limit: number | undefined): number =>
  Math.min(limit ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);

/**
 * The LIMIT of a page query: one row more than the page, to learn whether a next page exists.
 * It is written into the SQL text, not sent as a parameter. Statements are prepared once per
 * connection, and PostgreSQL reuses a prepared plan only when its generic plan looks as good
 * as a fresh one; with the limit unknown, that plan expects a tenth of the table, so every
 * call would be planned again, which costs more than running a page query.
 */
export function fetchLimit(limit: number | undefined): number {
  // drizzle renders SQL given as a limit as it is; its type names only numbers and placeholders.
  return sql.raw(String(pageSize(limit) + 1)) as unknown as number;
}

const INVALID_CURSOR = 'This page link is not valid; start again from the first page.';

export function keyset<Parts extends Record<string, KeyPart<unknown>>>(
  parts: Parts,
  direction: 'asc' | 'desc' = 'desc',
): Keyset<Parts> {
  const names = Object.keys(parts) as (keyof Parts & string)[];
  const partOf = (name: keyof Parts) => parts[name] as KeyPart<unknown>;
  const order = direction === 'desc' ? desc : asc;
  const encode = (position: Values<Parts>) =>
    Buffer.from(
      JSON.stringify(names.map((name) => partOf(name).serialise(position[name]))),
    ).toString('base64url');

  const keys: Keyset<Parts> = {
    orderBy: names.map((name) => order(partOf(name).column)),
    afterCursor: (cursor) => keys.after(keys.decode(cursor)),
    after(position) {
      if (!position) return undefined;
      const columns = sql.join(
        names.map((name) => sql`${partOf(name).column}`),
        sql`, `,
      );
      const values = sql.join(
        names.map((name) => partOf(name).param(position[name])),
        sql`, `,
      );
      return direction === 'desc'
        ? sql`(${columns}) < (${values})`
        : sql`(${columns}) > (${values})`;
    },
    decode(cursor) {
      if (cursor === undefined || cursor === '') return undefined;
      let raw: unknown;
      try {
        raw = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      } catch {
        raw = undefined;
      }
      if (!Array.isArray(raw) || raw.length !== names.length) {
        throw AppError.fields({ cursor: [INVALID_CURSOR] });
      }
      const position: Record<string, unknown> = {};
      for (const [index, name] of names.entries()) {
        const value = partOf(name).parse(raw[index]);
        if (value === undefined) throw AppError.fields({ cursor: [INVALID_CURSOR] });
        position[name] = value;
      }
      return position as Values<Parts>;
    },
    encode,
    page(rows, limit, positionOf) {
      const size = pageSize(limit);
      const pageRows = rows.slice(0, size);
      const last = pageRows.at(-1);
      return {
        rows: pageRows,
        next: rows.length > size && last !== undefined ? encode(positionOf(last)) : null,
      };
    },
  };
  return keys;
}
