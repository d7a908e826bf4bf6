import type { Author } from '@agora/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { findAuthors } from '../users';
import type { ForumsContext, Viewer } from './forums.context';
import {
  bookmarks,
  discussions,
  discussionColumns,
  discussionTags,
  likes,
  pollChoices,
  pollVotes,
  tags,
  type DiscussionRow,
} from './forums.tables';

/** A discussion with everything its API shape needs, as the viewer sees it. */
export interface DiscussionView {
  row: DiscussionRow;
  author: Author;
  tags: string[];
  isLiked: boolean;
  isBookmarked: boolean;
  pollChoices: PollChoiceView[];
}

export interface PollChoiceView {
  id: number;
  text: string;
  votesCount: number;
  isVoted: boolean;
}

/** No member has this id: a signed-out viewer's joins match nothing. */
const NOBODY = 0;

/**
 * The page query: discussion rows plus the viewer's like and bookmark, in one statement. The
 * (member, model, object) unique indexes make each join match at most one row.
 */
export function selectDiscussions(ctx: ForumsContext, viewer: Viewer | null) {
  const viewerId = viewer?.id ?? NOBODY;
  return ctx.db
    .select({
      row: discussionColumns,
      isLiked: sql<boolean>`${likes.id} is not null`,
      isBookmarked: sql<boolean>`${bookmarks.id} is not null`,
    })
    .from(discussions)
    .leftJoin(
      likes,
      and(eq(likes.userId, viewerId), eq(likes.model, 'forum'), eq(likes.objectId, discussions.id)),
    )
    .leftJoin(
      bookmarks,
      and(
        eq(bookmarks.userId, viewerId),
        eq(bookmarks.model, 'forum'),
        eq(bookmarks.objectId, discussions.id),
      ),
    );
}

type DiscussionPageRow = Awaited<
  ReturnType<ReturnType<typeof selectDiscussions>['execute']>
>[number];

/**
 * Loads what a page of discussions needs besides its own rows (authors, tags, poll choices
 * with the viewer's vote) in three queries, whatever the page size.
 */
export async function hydrateDiscussions(
  ctx: ForumsContext,
  viewer: Viewer | null,
  rows: DiscussionPageRow[],
): Promise<DiscussionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(({ row }) => row.id);
  const [authors, tagsById, choicesById] = await Promise.all([
    findAuthors(
      ctx.db,
      ctx.storage,
      rows.map(({ row }) => row.authorId),
    ),
    loadTags(ctx, ids),
    loadPollChoices(ctx, viewer, ids),
  ]);
  return rows.map(({ row, isLiked, isBookmarked }) => ({
    row,
    author: authors.get(row.authorId) ?? { id: row.authorId, username: '', avatar: null },
    tags: tagsById.get(row.id) ?? [],
    isLiked,
    isBookmarked,
    pollChoices: choicesById.get(row.id) ?? [],
  }));
}

/**
 * The published discussions of `ids` in that order (a ranking made by another query), with
 * everything their API shape needs: four queries. One that stopped being published since the
 * ranking drops out.
 */
export async function loadPublishedInOrder(
  ctx: ForumsContext,
  viewer: Viewer | null,
  ids: number[],
): Promise<DiscussionView[]> {
  if (ids.length === 0) return [];
  const rows = await selectDiscussions(ctx, viewer).where(
    and(eq(discussions.status, 'published'), inArray(discussions.id, ids)),
  );
  const byId = new Map(rows.map((item) => [item.row.id, item]));
  return hydrateDiscussions(
    ctx,
    viewer,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** The tags of these discussions, by name. */
export async function loadTags(ctx: ForumsContext, ids: number[]): Promise<Map<number, string[]>> {
  const rows = await ctx.db
    .select({ discussionId: discussionTags.discussionId, name: tags.name })
    .from(discussionTags)
    .innerJoin(tags, eq(tags.id, discussionTags.tagId))
    .where(inArray(discussionTags.discussionId, ids))
    .orderBy(asc(tags.name));
  return groupBy(
    rows,
    (row) => row.discussionId,
    (row) => row.name,
  );
}

/** Poll choices of these discussions, in their order, each marked if it holds the viewer's vote. */
export async function loadPollChoices(
  ctx: ForumsContext,
  viewer: Viewer | null,
  ids: number[],
): Promise<Map<number, PollChoiceView[]>> {
  const rows = await ctx.db
    .select({
      discussionId: pollChoices.discussionId,
      id: pollChoices.id,
      text: pollChoices.text,
      votesCount: pollChoices.votesCount,
      isVoted: sql<boolean>`${pollVotes.userId} is not null`,
    })
    .from(pollChoices)
    .leftJoin(
      pollVotes,
      and(eq(pollVotes.choiceId, pollChoices.id), eq(pollVotes.userId, viewer?.id ?? NOBODY)),
    )
    .where(inArray(pollChoices.discussionId, ids))
    .orderBy(asc(pollChoices.discussionId), asc(pollChoices.position));
  return groupBy(
    rows,
    (row) => row.discussionId,
    ({ id, text, votesCount, isVoted }) => ({ id, text, votesCount, isVoted }),
  );
}

function groupBy<Row, Value>(
  rows: Row[],
  keyOf: (row: Row) => number,
  valueOf: (row: Row) => Value,
): Map<number, Value[]> {
  const groups = new Map<number, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}
