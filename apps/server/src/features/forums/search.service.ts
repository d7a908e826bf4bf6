import {
  and,
  desc,
  eq,
  isNotNull,
  isNull,
  notExists,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  headline,
  SEARCH_CANDIDATES,
  searchQuery,
  topMatches,
  type FeedHit,
  type SearchSource,
} from '../../platform/content';
import type { Database } from '../../platform/db';
import { comments } from '../comments';
import { discussions, isPublished } from './forums.tables';

/**
 * Full-text search of discussions and their comments over the generated `search_vector`
 * columns (GIN indexes `discussions_search_idx` and `comments_search_idx`), with the shared
 * ranking of `platform/content/search.ts`. A discussion's column holds its tags' words too.
 */

/** A query word this long or longer also finds a tag word it begins (`hik` finds #hiking). */
export const TAG_PREFIX_MIN_LENGTH = 3;

/**
 * `query` (a `searchQuery`) as a discussion's `search_vector` is tested with: each word of
 * TAG_PREFIX_MIN_LENGTH characters or more also finds a tag word it begins, which only the tags'
 * words as written carry (weight 'C'): `'garden'` becomes `('garden' | 'garden':*C)`. Rewritten
 * as text, once per statement rather than per row.
 */
export const documentQuery = (query: SQL): SQL =>
  sql`(select regexp_replace(${query}::text,
    '''((?:[^'']|''''){${sql.raw(String(TAG_PREFIX_MIN_LENGTH))},})''', '(''\\1'' | ''\\1'':*C)', 'g')::tsquery)`;

/**
 * The discussion's title, text or tags match `q`, all of it: "hiking boots" finds one tagged
 * #hiking with boots in its text. Read through the column's GIN index.
 */
export const discussionMatches = (q: SQLWrapper | string): SQL =>
  sql`${discussions.searchVector} @@ ${documentQuery(searchQuery(q))}`;

const publishedDiscussions: SearchSource = {
  table: discussions,
  id: discussions.id,
  vector: discussions.searchVector,
  query: documentQuery,
  where: isPublished,
  newest: [discussions.createdAt, discussions.id],
};

/**
 * Published discussions matching `q` (title, text or tags), best match first
 * (`ContentFeed.search`), ranked as `topMatches` ranks every kind.
 */
export async function searchDiscussions(
  db: Database,
  q: string,
  limit: number,
): Promise<FeedHit[]> {
  const top = topMatches(db, publishedDiscussions, q, limit);
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

export interface CommentMatch {
  id: number;
  discussionId: number;
  discussionTitle: string;
  parentId: number | null;
  authorId: number;
  createdAt: Date;
  headline: string;
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
