import { and, desc, eq, isNotNull, isNull, notExists, sql, type SQL } from 'drizzle-orm';
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
 * ranking of `platform/content/search.ts`.
 */

/** The discussion's title or text matches `q`: a condition for the discussion lists. */
export const discussionMatches = (q: string): SQL =>
  sql`${discussions.searchVector} @@ ${searchQuery(q)}`;

export interface CommentMatch {
  id: number;
  discussionId: number;
  discussionTitle: string;
  parentId: number | null;
  authorId: number;
  createdAt: Date;
  headline: string;
}

const publishedDiscussions: SearchSource = {
  table: discussions,
  id: discussions.id,
  vector: discussions.searchVector,
  where: isPublished,
  newest: [discussions.createdAt, discussions.id],
};

/** Published discussions matching `q`, best match first (`ContentFeed.search`). */
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
