import type { Author } from '@agora/shared';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { prepareOnce, type Database, type PreparableSelect } from '../../platform/db';
import { authorCard, authorColumns, users } from '../users';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { pollChoicesJson, type PollChoiceView } from '../polls';
import { bookmarks, likes, markOf } from '../reactions';
import { discussionColumns, type DiscussionRow, discussions, isPublished } from './forums.tables';

/** A discussion with everything its API shape needs, as the viewer sees it. */
export interface DiscussionView {
  row: DiscussionRow;
  author: Author;
  tags: string[];
  isLiked: boolean;
  isBookmarked: boolean;
  pollChoices: PollChoiceView[];
}

export type { PollChoiceView };

/**
 * A member's id, a placeholder for it in a query prepared once for every member, or null for a
 * signed-out viewer, whose statement has no marks to look up: its joins to likes, bookmarks and
 * votes are on `false`, which PostgreSQL never runs.
 */
type ViewerId = number | Placeholder | null;

/** The viewer's mark (like, bookmark) on the discussion in the outer query's row. */
const viewerMark = (marks: typeof likes | typeof bookmarks, viewerId: ViewerId) =>
  viewerId === null ? sql`false` : markOf(marks, viewerId, 'forum', discussions.id);

/**
 * A correlated subquery as a select field. It is nested in one more `sql` because a select from
 * a single table strips the table name from the columns at the top level of its fields, and
 * inside the subquery a bare `"id"` would name the inner table's column, not the discussion's.
 */
const correlated = <T>(subquery: SQL): SQL<T> => sql<T>`${subquery}`;

/**
 * The poll choices of the discussion in the outer query's row, each marked if it holds the
 * viewer's vote, as a JSON array. Only a discussion with a poll looks them up: for a page of 20
 * without, the lookups were a quarter of PostgreSQL's time.
 */
export const pollChoicesOf = (viewerId: ViewerId) =>
  correlated<PollChoiceView[]>(
    sql`case when ${discussions.hasPoll} then ${pollChoicesJson('forum', discussions.id, viewerId)} else '[]'::json end`,
  );

/**
 * Discussions with everything their API shape needs (author card, tags, poll choices, the
 * viewer's like, bookmark and vote) in a single statement, whatever the page size: one round
 * trip to the database is most of what a list costs. The (member, model, object) unique
 * indexes make each join match at most one row; the subqueries use the discussion id indexes.
 */
export const selectDiscussions = (ctx: ForumsContext, viewer: Viewer | null) =>
  selectDiscussionsFor(ctx.db, viewer?.id ?? null);

function selectDiscussionsFor(db: Database, viewerId: ViewerId) {
  return db
    .select({
      row: discussionColumns,
      author: authorColumns,
      pollChoices: pollChoicesOf(viewerId),
      isLiked: sql<boolean>`${likes.id} is not null`,
      isBookmarked: sql<boolean>`${bookmarks.id} is not null`,
    })
    .from(discussions)
    .innerJoin(users, eq(users.id, discussions.authorId))
    .leftJoin(likes, viewerMark(likes, viewerId))
    .leftJoin(bookmarks, viewerMark(bookmarks, viewerId));
}

export type DiscussionPageRow = Awaited<
  ReturnType<ReturnType<typeof selectDiscussions>['execute']>
>[number];

type DiscussionSelect = ReturnType<typeof selectDiscussionsFor>;

/**
 * Runs the discussion read that `complete` makes of `selectDiscussions`, prepared once per
 * database under `name`: one statement for members, with the viewer as a placeholder, and one
 * for signed-out viewers. For the reads most requests make: a discussion by id, the first page
 * of the feed.
 */
export function readPrepared(
  ctx: ForumsContext,
  viewer: Viewer | null,
  name: string,
  complete: (select: DiscussionSelect) => PreparableSelect<DiscussionPageRow>,
  values: Record<string, unknown> = {},
): Promise<DiscussionPageRow[]> {
  if (!viewer) {
    return prepareOnce(ctx.db, `discussions_${name}_signed_out`, () =>
      complete(selectDiscussionsFor(ctx.db, null)),
    ).execute(values);
  }
  return prepareOnce(ctx.db, `discussions_${name}`, () =>
    complete(selectDiscussionsFor(ctx.db, sql.placeholder('viewer'))),
  ).execute({ ...values, viewer: viewer.id });
}

/** A row of `selectDiscussions` as the view the presenters take. */
export function toDiscussionView(ctx: ForumsContext, item: DiscussionPageRow): DiscussionView {
  return {
    row: item.row,
    author: authorCard(ctx.storage, item.author),
    tags: item.row.tagNames,
    isLiked: item.isLiked,
    isBookmarked: item.isBookmarked,
    pollChoices: item.pollChoices,
  };
}

/**
 * The discussions of `ids` (a page or a ranking chosen by another query), in that order, with
 * everything their API shape needs: one statement, prepared once, whatever the ids.
 */
export const loadInOrder = (ctx: ForumsContext, viewer: Viewer | null, ids: number[]) =>
  loadByIds(ctx, viewer, ids, 'by_ids', undefined);

/** `loadInOrder` for a ranking: one that stopped being published since it was made drops out. */
export const loadPublishedInOrder = (ctx: ForumsContext, viewer: Viewer | null, ids: number[]) =>
  loadByIds(ctx, viewer, ids, 'published_by_ids', isPublished);

async function loadByIds(
  ctx: ForumsContext,
  viewer: Viewer | null,
  ids: number[],
  name: string,
  where: SQL | undefined,
): Promise<DiscussionView[]> {
  if (ids.length === 0) return [];
  const rows = await readPrepared(
    ctx,
    viewer,
    name,
    (select) =>
      select.where(and(sql`${discussions.id} = any(${sql.placeholder('ids')}::bigint[])`, where)),
    { ids },
  );
  const byId = new Map(rows.map((item) => [item.row.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [toDiscussionView(ctx, item)] : [];
  });
}
