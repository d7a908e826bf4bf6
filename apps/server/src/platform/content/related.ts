import { and, desc, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db';

/**
 * "Related" lists of kinds that keep their tags as a sorted `text[]` of names (polls, quizzes),
 * ranked as the forums rank related discussions: a candidate shares a tag or a word of the
 * source's title, never merely recent; it scores one point per shared tag plus `ts_rank` of its
 * document against the title's words (a strong title match weighs about one shared tag); ties
 * go to the newer. Only the newest candidates of each way of being alike are scored, so a
 * popular tag costs what a rare one does.
 */

export const RELATED_MAX = 5;
/** How many of the newest objects sharing a tag, and sharing a word, are scored. */
export const RELATED_CANDIDATES = 100;
/** Words of a long title beyond these add little and cost a term each. */
const TITLE_WORDS_MAX = 20;

/** Where a kind's related objects are looked for. */
export interface RelatedSource {
  table: PgTable;
  id: AnyPgColumn;
  /** Lower-cased tag names, with a GIN index serving `&&`. */
  tagNames: AnyPgColumn;
  /** Its generated `tsvector`, with a GIN index. */
  vector: AnyPgColumn;
  /** The weight the title has in `vector` when it holds more (a description), else null. */
  titleWeight: 'A' | null;
  /** Which rows may be shown (published ones). */
  where: SQL;
  /** Its newest-first order (e.g. createdAt, id), served by an index over `where`. */
  newest: AnyPgColumn[];
}

/**
 * The title's words as a `to_tsquery` matching any of them in another title (at `weight`): a
 * word shared only with a description says little of the topic. Letters and digits only, so no
 * word reads as an operator.
 */
export function anyTitleWord(title: string, weight: 'A' | null): string {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .slice(0, TITLE_WORDS_MAX)
    .map((word) => (weight ? `${word}:${weight}` : word))
    .join(' | ');
}

/** The ids of up to RELATED_MAX objects like `source`, best first, never `source` itself. */
export async function relatedIds(
  db: Database,
  kind: RelatedSource,
  source: { id: number; title: string; tagNames: string[] },
): Promise<number[]> {
  const words = anyTitleWord(source.title, kind.titleWeight);
  if (source.tagNames.length === 0 && words === '') return [];
  // An empty query matches nothing (and PostgreSQL only notes it), as no tags share nothing.
  const terms = sql`to_tsquery('english', ${words})`;
  const tags = sql`array[${sql.join(
    source.tagNames.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
  const others = and(kind.where, ne(kind.id, source.id));
  const newest = kind.newest.map((column) => desc(column));
  const sharing = (alike: SQL) =>
    db
      .select({ id: kind.id })
      .from(kind.table)
      .where(and(others, alike))
      .orderBy(...newest)
      .limit(RELATED_CANDIDATES);
  const candidates = sharing(sql`${kind.tagNames} && ${tags}`)
    .union(sharing(sql`${kind.vector} @@ ${terms}`))
    .as('candidates');
  const sharedTags = sql`cardinality(array(select unnest(${kind.tagNames}) intersect select unnest(${tags})))`;
  const rows = await db
    .select({ id: kind.id })
    .from(kind.table)
    .innerJoin(candidates, sql`${candidates.id} = ${kind.id}`)
    .orderBy(desc(sql`(${sharedTags} + ts_rank(${kind.vector}, ${terms}))`), ...newest)
    .limit(RELATED_MAX);
  return rows.map((row) => Number(row.id));
}
