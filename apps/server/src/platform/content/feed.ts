import type { TagCount } from '@agora/shared';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db';

/**
 * `ContentFeed.tagCounts` for a kind keeping its tag names in a `text[]` column: every tag of
 * the rows matching `published` with how many use it, most used first, then by name. One query.
 */
export async function countTagNames(
  db: Database,
  table: PgTable,
  tagNames: AnyPgColumn,
  published: SQL,
): Promise<TagCount[]> {
  const tagged = db
    .select({ name: sql<string>`unnest(${tagNames})`.as('name') })
    .from(table)
    .where(published)
    .as('tagged');
  const uses = count();
  return db
    .select({ name: tagged.name, count: uses })
    .from(tagged)
    .groupBy(tagged.name)
    .orderBy(desc(uses), asc(tagged.name));
}

/**
 * `ContentFeed.authoredCount` for a kind with an index on `(author, …)`: the rows matching
 * `published` written by `authorId`. One query.
 */
export async function countAuthored(
  db: Database,
  table: PgTable,
  author: AnyPgColumn,
  published: SQL,
  authorId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(table)
    .where(and(published, eq(author, authorId)));
  return row?.count ?? 0;
}
