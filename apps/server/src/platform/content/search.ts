import type { SnippetPart } from '@agora/shared';
import { and, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db';

/**
 * Full-text search shared by every kind: the query, the ranking of matches and the snippets
 * of `/api/common/fetchdata/`. The search text is read as a web search (`"a phrase"`, `or`,
 * `-excluded`) by `websearch_to_tsquery`, which never fails on odd input.
 */

/** How many of the newest matches are ranked: a common word costs the same at any size. */
export const SEARCH_CANDIDATES = 1_000;

/** `q` as a search query: a string, or a placeholder in a prepared statement. */
export const searchQuery = (q: SQLWrapper | string) => sql`websearch_to_tsquery('english', ${q})`;

/** Private Use Area characters: they never mean anything in a member's text. */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_STOP = '\uE001';

/**
 * Highlight markers from the Private Use Area, removed from the text first: the snippet is
 * split on them into plain-text parts, so no member's markup ever reaches the page as HTML.
 */
const MARKED = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}`;
const MARKERS = `${HIGHLIGHT_START}${HIGHLIGHT_STOP}`;
/** A text this short is shown whole; a longer one as up to two passages around the matches. */
const WHOLE_TEXT_MAX_LENGTH = 280;
const WHOLE_TEXT = `${MARKED}, HighlightAll=true`;
const PASSAGES = `${MARKED}, MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "`;
/** HTML tags, Markdown link targets, then emphasis, heading, quote and table punctuation. */
const HTML_TAG = '<[^>]*>';
const LINK_TARGET = '\\]\\([^)]*\\)';
const MARKDOWN_PUNCTUATION = '[*_~`#>|\\[\\]]+';

/** Letters and digits are what tells whether the passages reach the ends of the text. */
const NOT_ALPHANUMERIC = '[^[:alnum:]]+';
/** How many letters and digits of each end are compared. */
const EDGE_LENGTH = 24;

/**
 * Passages of `text` (Markdown) around the words matching `q`, those words between
 * HIGHLIGHT_START and HIGHLIGHT_STOP: what `snippetParts` reads. A passage that starts after
 * the text's beginning opens with "… ", and one that stops before its end closes with " …".
 * Select it for the page's rows only, as `ts_headline` is the costly part of a search.
 */
export function headline(text: AnyPgColumn | SQL, q: string): SQL<string> {
  let plain = sql`translate(${text}, ${MARKERS}, '')`;
  for (const pattern of [HTML_TAG, LINK_TARGET, MARKDOWN_PUNCTUATION]) {
    plain = sql`regexp_replace(${plain}, ${pattern}, ' ', 'g')`;
  }
  const options = sql`case when char_length(${text}) <= ${WHOLE_TEXT_MAX_LENGTH} then ${WHOLE_TEXT} else ${PASSAGES} end`;
  const alphanumeric = (value: SQL) => sql`regexp_replace(${value}, ${NOT_ALPHANUMERIC}, '', 'g')`;
  const passages = sql`select source.plain, ts_headline('english', source.plain, ${searchQuery(q)}, ${options}) as marked from (select ${plain} as plain) source`;
  const edges = sql`select shown.marked, ${alphanumeric(sql`shown.plain`)} as whole, ${alphanumeric(sql`translate(shown.marked, ${MARKERS}, '')`)} as part from (${passages}) shown`;
  return sql<string>`(select concat(
    case when not starts_with(edges.whole, left(edges.part, ${EDGE_LENGTH})) then '… ' end,
    edges.marked,
    case when right(edges.whole, ${EDGE_LENGTH}) <> right(edges.part, ${EDGE_LENGTH}) then ' …' end
  ) from (${edges}) edges)`;
}

const HIGHLIGHTED = new RegExp(`${HIGHLIGHT_START}([^${HIGHLIGHT_STOP}]*)${HIGHLIGHT_STOP}`, 'g');

/**
 * A `headline` result as plain-text parts, the marked words `highlighted`. Whitespace runs
 * (line breaks of the Markdown) become single spaces, and the space a removed tag or emphasis
 * mark left before punctuation goes.
 */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, highlighted: boolean) => {
    const clean = text.replace(/\s+/g, ' ').replace(/ ([.,;:!?])/g, '$1');
    if (clean !== '') parts.push({ text: clean, highlighted });
  };
  const text = marked.trim();
  let end = 0;
  for (const match of text.matchAll(HIGHLIGHTED)) {
    push(text.slice(end, match.index), false);
    push(match[1] ?? '', true);
    end = match.index + match[0].length;
  }
  push(text.slice(end), false);
  return parts;
}

/** Where a kind's matches are looked for. */
export interface SearchSource {
  table: PgTable;
  id: AnyPgColumn;
  /** Its generated `tsvector` column, with a GIN index. */
  vector: AnyPgColumn;
  /** How `vector` is tested with a `searchQuery` (discussions also find tags by a word's start). */
  query?: (query: SQL) => SQL;
  /** Which rows may be found (published ones). */
  where: SQL;
  /** Its newest-first order, served by an index over `where` (e.g. createdAt, id). */
  newest: AnyPgColumn[];
}

/**
 * The best `limit` matches of `q`, as a subquery `top (id, rank)`: the SEARCH_CANDIDATES newest
 * matches ranked by `ts_rank_cd`, then cut, so a common word costs the same at any size. Join
 * the page's columns (and its `headline`) to it on `top.id` and order by
 * `desc(top.rank), desc(top.id)`.
 */
export function topMatches(db: Database, source: SearchSource, q: string, limit: number) {
  const query = source.query ? source.query(searchQuery(q)) : searchQuery(q);
  const candidates = db
    .select({
      id: source.id,
      rank: sql<number>`ts_rank_cd(${source.vector}, ${query})`.as('rank'),
    })
    .from(source.table)
    .where(and(source.where, sql`${source.vector} @@ ${query}`))
    .orderBy(...source.newest.map((column) => desc(column)))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  return db
    .select({ id: candidates.id, rank: candidates.rank })
    .from(candidates)
    .orderBy(desc(candidates.rank), desc(candidates.id))
    .limit(limit)
    .as('top');
}
