import {
  and,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notExists,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { headline, SEARCH_CANDIDATES, searchQuery, type FeedHit } from '../../platform/content';
import type { Database } from '../../platform/db';
import { comments } from '../comments';
import { discussions, discussionTags, isPublished, tags, tagWordsVector } from './forums.tables';

/**
 * Full-text search of discussions and their comments over the generated `search_vector`
 * columns (GIN indexes `discussions_search_idx` and `comments_search_idx`), with the shared
 * ranking of `platform/content/search.ts`.
 */

/** A query word this long or longer also finds a tag word it begins (`hik` finds #hiking). */
export const TAG_PREFIX_MIN_LENGTH = 3;

/** A discussion's tags as words of the title's weight: `hiking` finds one tagged #hiking. */
const tagWords = (tagNames: AnyPgColumn | SQL) =>
  sql`setweight(to_tsvector('english', array_to_string(${tagNames}, ' ')), 'A')`;

/**
 * The tags' words as written, of a weight nothing else has ('C'): `documentQuery` lets a query
 * word find these by their beginning and nowhere else, so `hik` finds #hiking (whose stem is
 * `hike`) but not "hiking" in a title.
 */
const tagWordsAsWritten = (tagNames: AnyPgColumn | SQL) =>
  sql`setweight(to_tsvector('simple', array_to_string(${tagNames}, ' ')), 'C')`;

/** What a search reads of a discussion: its title and text (`vector`), and its tags. */
export const searchDocument = (vector: AnyPgColumn | SQL, tagNames: AnyPgColumn | SQL): SQL =>
  sql`(${vector} || ${tagWords(tagNames)} || ${tagWordsAsWritten(tagNames)})`;

/**
 * `query` (a `searchQuery`) as `searchDocument` is tested with: each word of
 * TAG_PREFIX_MIN_LENGTH characters or more also finds a tag word it begins (`'garden'` becomes
 * `('garden' | 'garden':*C)`). Rewritten as text, once per statement rather than per row.
 */
export const documentQuery = (query: SQL): SQL =>
  sql`(select regexp_replace(${query}::text,
    '''((?:[^'']|''''){${sql.raw(String(TAG_PREFIX_MIN_LENGTH))},})''', '(''\\1'' | ''\\1'':*C)', 'g')::tsquery)`;

/**
 * Every word of `q` (negated ones too: this finds candidates, not matches) as a `tsquery`
 * matching it or, from TAG_PREFIX_MIN_LENGTH characters on, any word it begins. Quoted as
 * tsquery input wants: quotes and backslashes doubled.
 */
const anyWordOrLonger = (q: SQLWrapper | string): SQL =>
  sql`(select string_agg(
      '''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || ''''
        || case when char_length(word) >= ${sql.raw(String(TAG_PREFIX_MIN_LENGTH))} then ':*' else '' end,
      ' | ')::tsquery
    from unnest(tsvector_to_array(to_tsvector('english', ${q}))) as word)`;

/**
 * The tag is one `searchDocument` may find by a word of `q`; read through the tags' words' GIN
 * index (`tags_words_idx`).
 */
const tagNamedBy = (q: SQLWrapper | string): SQL =>
  sql`${tagWordsVector(tags.name)} @@ ${anyWordOrLonger(q)}`;

/** The ids of the discussions having a tag named by a word of `q`. */
const taggedWithAWordOf = (q: SQLWrapper | string): SQL =>
  sql`select ${discussionTags.discussionId} from ${discussionTags}
    where ${discussionTags.tagId} in (select ${tags.id} from ${tags} where ${tagNamedBy(q)})`;

/**
 * The ids of the discussions whose text matches `query` (`q` as a tsquery), through its GIN
 * index, and of those with a tag named by a word of `q`: every discussion that may match, which
 * `searchDocument` then tests exactly. Two lists rather than one `or`, so each is read through
 * its index.
 */
export const mayMatch = (query: SQL, q: SQLWrapper | string): SQL =>
  sql`select ${discussions.id} from ${discussions} where ${discussions.searchVector} @@ ${query}
    union all ${taggedWithAWordOf(q)}`;

/**
 * The discussion's title, text or tags match `q`, all of it: "hiking boots" finds one tagged
 * #hiking with boots in its text.
 */
export const discussionMatches = (q: string): SQL =>
  sql`${discussions.id} in (${mayMatch(searchQuery(q), q)})
    and ${searchDocument(discussions.searchVector, discussions.tagNames)} @@ ${documentQuery(searchQuery(q))}`;

export interface CommentMatch {
  id: number;
  discussionId: number;
  discussionTitle: string;
  parentId: number | null;
  authorId: number;
  createdAt: Date;
  headline: string;
}

/**
 * Published discussions matching `q` (title, text or tags), best match first
 * (`ContentFeed.search`): the SEARCH_CANDIDATES newest matches of the text and of the tags,
 * ranked by `ts_rank_cd`, as `topMatches` ranks every kind.
 */
export async function searchDiscussions(
  db: Database,
  q: string,
  limit: number,
): Promise<FeedHit[]> {
  const query = searchQuery(q);
  const columns = {
    id: discussions.id,
    text: discussions.searchVector,
    tags: discussions.tagNames,
  };
  // The newest matches of the text and of the tags, each read from its own index, then tested
  // and ranked on the columns read with them.
  const byText = db
    .select(columns)
    .from(discussions)
    .where(and(isPublished, sql`${discussions.searchVector} @@ ${query}`))
    .orderBy(desc(discussions.createdAt), desc(discussions.id))
    .limit(SEARCH_CANDIDATES);
  // The tags named by a word of `q`, found first through their words' index, so a search
  // naming no tag (the usual case) reads the text alone.
  const tagIds = (await db.select({ id: tags.id }).from(tags).where(tagNamedBy(q))).map(
    (tag) => tag.id,
  );
  const byTag = db
    .select(columns)
    .from(discussionTags)
    .innerJoin(discussions, eq(discussions.id, discussionTags.discussionId))
    .where(and(isPublished, inArray(discussionTags.tagId, tagIds)))
    .orderBy(desc(discussionTags.createdAt), desc(discussionTags.discussionId))
    .limit(SEARCH_CANDIDATES);
  const matched = (tagIds.length === 0 ? byText : unionAll(byText, byTag)).as('matched');
  const document = searchDocument(matched.text, matched.tags);
  const matchedBy = documentQuery(query);
  const top = db
    .selectDistinct({
      id: matched.id,
      rank: sql<number>`ts_rank_cd(${document}, ${matchedBy})`.as('rank'),
    })
    .from(matched)
    .where(sql`${document} @@ ${matchedBy}`)
    .orderBy(sql`rank desc`, desc(matched.id))
    .limit(limit)
    .as('top');
  return db
    .select({
      id: discussions.id,
      title: discussions.title,
      tags: discussions.tagNames,
      authorId: discussions.authorId,
      createdAt: discussions.createdAt,
      likesCount: discussions.likesCount,
      commentsCount: discussions.commentsCount,
      headline: headline(discussions.content, q),
    })
    .from(top)
    .innerJoin(discussions, eq(discussions.id, top.id))
    .orderBy(desc(top.rank), desc(top.id));
}

/** A comment on the discussion it joins. */
const onDiscussion = and(eq(comments.model, 'forum'), eq(discussions.id, comments.objectId));

/**
 * Comments of published discussions matching `q`, neither deleted nor hidden, nor replies to a
 * hidden one: up to `limit`, best match first. Ranked as `topMatches` does, over a join: the
 * newest matching comments of published discussions.
 */
export async function searchComments(
  db: Database,
  q: string,
  limit: number,
): Promise<CommentMatch[]> {
  const parent = alias(comments, 'parent');
  const candidates = db
    .select({
      id: comments.id,
      rank: sql<number>`ts_rank_cd(${comments.searchVector}, ${searchQuery(q)})`.as('rank'),
    })
    .from(comments)
    .innerJoin(discussions, and(onDiscussion, isPublished))
    .where(
      and(
        sql`${comments.searchVector} @@ ${searchQuery(q)}`,
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        notExists(
          db
            .select({ id: parent.id })
            .from(parent)
            .where(and(eq(parent.id, comments.parentId), isNotNull(parent.hiddenAt))),
        ),
      ),
    )
    .orderBy(desc(comments.id))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  const top = db
    .select({ id: candidates.id, rank: candidates.rank })
    .from(candidates)
    .orderBy(desc(candidates.rank), desc(candidates.id))
    .limit(limit)
    .as('top');
  return db
    .select({
      id: comments.id,
      discussionId: comments.objectId,
      discussionTitle: discussions.title,
      parentId: comments.parentId,
      authorId: comments.authorId,
      createdAt: comments.createdAt,
      headline: headline(comments.content, q),
    })
    .from(top)
    .innerJoin(comments, eq(comments.id, top.id))
    .innerJoin(discussions, onDiscussion)
    .orderBy(desc(top.rank), desc(top.id));
}
