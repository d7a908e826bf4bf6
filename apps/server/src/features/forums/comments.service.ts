import type { Author, PageQuery } from '@agora/shared';
import { and, eq, gt, isNull, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { prepareOnce, type Database } from '../../platform/db';
import { AppError, isNotNullViolation } from '../../platform/errors';
import {
  fetchLimit,
  integerKey,
  keyset,
  pageSize,
  timestampKey,
  type Page,
} from '../../platform/pagination';
import { authorCard, authorColumns, blockExists, findAuthors, users } from '../users';
import { canSee } from './discussions.service';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { FORUMS_EVENTS, type CommentCreatedEvent } from './forums.events';
import {
  commentColumns,
  type CommentRow,
  comments,
  discussions,
  isPublished,
  likes,
  markOf,
} from './forums.tables';

/** Comments and replies read in conversation order: oldest first. */
const oldestFirst = keyset(
  { createdAt: timestampKey(comments.createdAt), id: integerKey(comments.id) },
  'asc',
);

/** A comment or reply with what its API shape needs, as the viewer sees it. */
export interface CommentView {
  row: CommentRow;
  author: Author | null;
  isLiked: boolean;
  /** The viewer may read it while moderators hide it: its author and staff. */
  seesHidden: boolean;
}

/** Top-level comments are `comment`s, replies `subcomment`s; each endpoint handles its kind only. */
export type CommentKind = 'comment' | 'subcomment';

/** No member has this id: a signed-out viewer's join matches nothing. */
const NOBODY = 0;
const COMMENT_NOT_FOUND = 'This comment does not exist or was deleted.';
const discussionGone = (field: string) =>
  AppError.fields({ [field]: ['This discussion does not exist or is not open for comments.'] });
const commentGone = (field: string) => AppError.fields({ [field]: [COMMENT_NOT_FOUND] });

/** Nobody can comment on or reply to a member who has blocked them. */
const BLOCKED_BY_OWNER = 'This member has blocked you, so you cannot reply to them.';

/** A member comments on a published discussion. */
export async function createComment(
  ctx: ForumsContext,
  viewer: Viewer,
  input: { forum: number; content: string },
): Promise<CommentView> {
  const now = ctx.now();
  // The counter update comes first: it locks the discussion row and proves it is published
  // and that its author has not blocked the viewer. The comment takes its discussion id from
  // that update, so one statement does both, with no transaction to open and commit; when the
  // update was refused, the insert fails on its empty discussion id and writes nothing.
  const counted = ctx.db.$with('counted').as(
    ctx.db
      .update(discussions)
      .set({ commentsCount: sql`${discussions.commentsCount} + 1` })
      .where(
        and(
          eq(discussions.id, input.forum),
          isPublished,
          not(blockExists(sql`${discussions.authorId}`, viewer.id)),
        ),
      )
      .returning({ id: discussions.id, authorId: discussions.authorId, title: discussions.title }),
  );
  // Decoded as the column is: a bigint would otherwise come back as a string.
  const fromCounted = <Column extends AnyPgColumn>(column: Column) =>
    sql`(select ${sql.identifier(column.name)} from ${counted})`.mapWith(column);
  const [added] = await ctx.db
    .with(counted)
    .insert(comments)
    .values({
      discussionId: fromCounted(discussions.id),
      parentId: null,
      authorId: viewer.id,
      content: input.content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({
      ...commentColumns,
      ownerId: fromCounted(discussions.authorId),
      title: fromCounted(discussions.title),
    })
    .catch(async (error: unknown) => {
      if (!isNotNullViolation(error, comments.discussionId.name)) throw error;
      // The rare refusal says which of the two it was.
      const [open] = await ctx.db
        .select({ authorId: discussions.authorId })
        .from(discussions)
        .where(and(eq(discussions.id, input.forum), isPublished));
      throw open ? new AppError('forbidden', BLOCKED_BY_OWNER) : discussionGone('forum');
    });
  if (!added) throw new Error('insert returned no row');
  const { ownerId, title, ...row } = added;
  await ctx.publish(FORUMS_EVENTS.commentCreated, {
    actorId: viewer.id,
    ownerId,
    discussionId: row.discussionId,
    commentId: row.id,
    parentId: null,
    title,
    content: row.content,
  } satisfies CommentCreatedEvent);
  return presentOwn(ctx, row, false);
}

/** A member replies to a top-level comment of a published discussion. */
export async function createSubComment(
  ctx: ForumsContext,
  viewer: Viewer,
  input: { comment: number; content: string },
): Promise<CommentView> {
  const now = ctx.now();
  const { row, parent, title } = await ctx.db.transaction(async (tx) => {
    const [parent] = await tx
      .select({
        authorId: comments.authorId,
        discussionId: comments.discussionId,
        blocked: blockExists(sql`${comments.authorId}`, viewer.id),
      })
      .from(comments)
      .where(
        and(
          eq(comments.id, input.comment),
          isNull(comments.parentId),
          isNull(comments.deletedAt),
          // Hidden by moderators: nobody may add to it until staff decide.
          isNull(comments.hiddenAt),
        ),
      );
    if (!parent) throw commentGone('comment');
    if (parent.blocked) throw new AppError('forbidden', BLOCKED_BY_OWNER);
    // Discussion first, then comment: every transaction locks in that order, so none deadlock.
    const [discussion] = await tx
      .update(discussions)
      .set({ commentsCount: sql`${discussions.commentsCount} + 1` })
      .where(and(eq(discussions.id, parent.discussionId), isPublished))
      .returning({ title: discussions.title });
    if (!discussion) throw commentGone('comment');
    const [stillThere] = await tx
      .update(comments)
      .set({ repliesCount: sql`${comments.repliesCount} + 1` })
      .where(and(eq(comments.id, input.comment), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (!stillThere) throw commentGone('comment');
    const row = await insertComment(tx, {
      discussionId: parent.discussionId,
      parentId: input.comment,
      authorId: viewer.id,
      content: input.content,
      now,
    });
    return { row, parent, title: discussion.title };
  });
  await ctx.publish(FORUMS_EVENTS.commentCreated, {
    actorId: viewer.id,
    ownerId: parent.authorId,
    discussionId: row.discussionId,
    commentId: row.id,
    parentId: input.comment,
    title,
    content: row.content,
  } satisfies CommentCreatedEvent);
  return presentOwn(ctx, row, false);
}

/** A discussion's top-level comments, oldest first; deleted ones stay while they have replies. */
export async function listComments(
  ctx: ForumsContext,
  viewer: Viewer | null,
  forum: number,
  page: PageQuery,
): Promise<Page<CommentView>> {
  const [discussion] = await prepareOnce(ctx.db, 'comments_discussion', () =>
    ctx.db
      .select({ status: discussions.status, authorId: discussions.authorId })
      .from(discussions)
      .where(eq(discussions.id, sql.placeholder('forum'))),
  ).execute({ forum });
  if (!discussion || !canSee(discussion, viewer)) throw discussionGone('forum');
  return commentPage(ctx, viewer, page, {
    name: 'comments',
    id: forum,
    where: (id) =>
      and(
        eq(comments.discussionId, id),
        isNull(comments.parentId),
        or(isNull(comments.deletedAt), gt(comments.repliesCount, 0)),
      ),
  });
}

/** A comment's replies, oldest first. */
export async function listSubComments(
  ctx: ForumsContext,
  viewer: Viewer | null,
  comment: number,
  page: PageQuery,
): Promise<Page<CommentView>> {
  const [parent] = await ctx.db
    .select({ status: discussions.status, authorId: discussions.authorId })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(comments.id, comment), isNull(comments.parentId)));
  if (!parent || !canSee(parent, viewer)) throw commentGone('comment');
  return commentPage(ctx, viewer, page, {
    name: 'replies',
    id: comment,
    where: (id) => and(eq(comments.parentId, id), isNull(comments.deletedAt)),
  });
}

/** The author rewrites their comment or reply; it is marked edited. */
export async function updateComment(
  ctx: ForumsContext,
  viewer: Viewer,
  kind: CommentKind,
  id: number,
  content: string,
): Promise<CommentView> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await findOwnComment(tx, viewer, kind, id, 'Only the author can edit this comment.');
    const [row] = await tx
      .update(comments)
      .set({ content, editedAt: now, updatedAt: now })
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
      .returning();
    if (!row) throw new AppError('not_found', COMMENT_NOT_FOUND);
    return row;
  });
  return presentOwn(ctx, row, await likedBy(ctx, viewer, row.id));
}

/**
 * The author deletes their comment or reply. Its text is wiped at once; a comment that has
 * replies keeps its place (shown as "[deleted]") so the replies keep their context.
 */
export async function deleteComment(
  ctx: ForumsContext,
  viewer: Viewer,
  kind: CommentKind,
  id: number,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const own = await findOwnComment(
      tx,
      viewer,
      kind,
      id,
      'Only the author can delete this comment.',
    );
    // Discussion first, then comment: every transaction locks in that order, so none deadlock.
    await tx
      .select({ id: discussions.id })
      .from(discussions)
      .where(eq(discussions.id, own.discussionId))
      .for('update');
    const [row] = await tx
      .update(comments)
      .set({ content: '', deletedAt: now, updatedAt: now })
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
      .returning({ discussionId: comments.discussionId, parentId: comments.parentId });
    if (!row) return;
    await tx
      .update(discussions)
      .set({ commentsCount: sql`${discussions.commentsCount} - 1` })
      .where(eq(discussions.id, row.discussionId));
    if (row.parentId !== null) {
      await tx
        .update(comments)
        .set({ repliesCount: sql`${comments.repliesCount} - 1` })
        .where(eq(comments.id, row.parentId));
    }
  });
}

async function insertComment(
  tx: Database,
  values: {
    discussionId: number;
    parentId: number | null;
    authorId: number;
    content: string;
    now: Date;
  },
): Promise<CommentRow> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(comments)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The viewer's own live comment of this kind; 404 if there is none, 403 if not theirs. */
async function findOwnComment(
  tx: Database,
  viewer: Viewer,
  kind: CommentKind,
  id: number,
  forbidden: string,
): Promise<CommentRow> {
  const [row] = await tx
    .select(commentColumns)
    .from(comments)
    .where(
      and(
        eq(comments.id, id),
        isNull(comments.deletedAt),
        kind === 'comment' ? isNull(comments.parentId) : sql`${comments.parentId} is not null`,
      ),
    );
  if (!row) throw new AppError('not_found', COMMENT_NOT_FOUND);
  if (row.authorId !== viewer.id) throw new AppError('forbidden', forbidden);
  return row;
}

/** The comments of one discussion, or the replies to one comment, by that id. */
interface CommentList {
  name: 'comments' | 'replies';
  id: number;
  where: (id: number | Placeholder) => SQL | undefined;
}

function selectComments(db: Database, viewerId: number | Placeholder) {
  return (
    db
      .select({
        row: commentColumns,
        author: authorColumns,
        isLiked: sql<boolean>`${likes.id} is not null`,
      })
      .from(comments)
      // Authors in the same statement: one round trip is most of what a page costs.
      .innerJoin(users, eq(users.id, comments.authorId))
      .leftJoin(likes, markOf(likes, viewerId, 'comment', comments.id))
  );
}

/** A page of the list; the first page, which most requests ask for, is prepared once per size. */
async function commentPage(
  ctx: ForumsContext,
  viewer: Viewer | null,
  page: PageQuery,
  list: CommentList,
): Promise<Page<CommentView>> {
  const viewerId = viewer?.id ?? NOBODY;
  const rows =
    page.cursor === undefined
      ? await prepareOnce(ctx.db, `${list.name}_first_${pageSize(page.limit)}`, () =>
          selectComments(ctx.db, sql.placeholder('viewer'))
            .where(list.where(sql.placeholder('id')))
            .orderBy(...oldestFirst.orderBy)
            .limit(fetchLimit(page.limit)),
        ).execute({ viewer: viewerId, id: list.id })
      : await selectComments(ctx.db, viewerId)
          .where(and(list.where(list.id), oldestFirst.afterCursor(page.cursor)))
          .orderBy(...oldestFirst.orderBy)
          .limit(fetchLimit(page.limit));
  const { rows: pageRows, next } = oldestFirst.page(rows, page.limit, ({ row }) => row);
  return {
    rows: pageRows.map(({ row, author, isLiked }) => ({
      row,
      isLiked,
      seesHidden: viewer?.isStaff === true || row.authorId === viewer?.id,
      author: row.deletedAt ? null : authorCard(ctx.storage, author),
    })),
    next,
  };
}

/**
 * The viewer's own comment as they see it (hidden or not). `isLiked` is the viewer's like, which
 * a comment made a moment ago cannot have yet.
 */
async function presentOwn(
  ctx: ForumsContext,
  row: CommentRow,
  isLiked: boolean,
): Promise<CommentView> {
  const authors = await findAuthors(ctx.db, ctx.storage, [row.authorId]);
  return { row, isLiked, author: authors.get(row.authorId) ?? null, seesHidden: true };
}

async function likedBy(ctx: ForumsContext, viewer: Viewer, commentId: number): Promise<boolean> {
  const [like] = await ctx.db
    .select({ id: likes.id })
    .from(likes)
    .where(markOf(likes, viewer.id, 'comment', commentId));
  return like !== undefined;
}
