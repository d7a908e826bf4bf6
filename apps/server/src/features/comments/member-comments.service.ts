import {
  and,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { fetchLimit, integerKey, keyset, timestampKey, type Page } from '../../platform/pagination';
import { authorCard, findUserIdByUsername } from '../users';
import { selectComments, type CommentView } from './comments.service';
import { comments } from './comments.tables';

/** A member's comments as their profile lists them: newest first. */
const newestFirst = keyset({
  createdAt: timestampKey(comments.createdAt),
  id: integerKey(comments.id),
});

/** No member has this id: a signed-out viewer's like join matches nothing. */
const NOBODY = 0;

export interface MemberCommentView extends CommentView {
  hostTitle: string;
  path: string;
}

/**
 * The kinds whose public lists a comment may be on: they take comments and have a feed, whose
 * `publishedIds` is what everyone may read (published, neither archived, hidden nor deleted).
 */
function onPublicHost(ctx: ContentContext): SQL {
  const hosts = ctx.content
    .kinds()
    .flatMap(({ model, comments: host, feed }) =>
      host && feed
        ? [and(eq(comments.model, model), inArray(comments.objectId, feed.publishedIds(ctx.db)))]
        : [],
    );
  return or(...hosts) ?? sql`false`;
}

/**
 * The comments and replies of the member `authorId` that everyone may read: neither deleted nor
 * hidden, nor replies to a hidden comment, on content listed publicly.
 */
function readableCommentsBy(ctx: ContentContext, authorId: number): SQL | undefined {
  const parent = alias(comments, 'parent');
  return and(
    eq(comments.authorId, authorId),
    isNull(comments.deletedAt),
    isNull(comments.hiddenAt),
    notExists(
      ctx.db
        .select({ id: parent.id })
        .from(parent)
        .where(and(eq(parent.id, comments.parentId), isNotNull(parent.hiddenAt))),
    ),
    onPublicHost(ctx),
  );
}

/** How many comments `listMemberComments` pages through for the member `authorId`. One query. */
export async function countMemberComments(ctx: ContentContext, authorId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ count: count() })
    .from(comments)
    .where(readableCommentsBy(ctx, authorId));
  return row?.count ?? 0;
}

/**
 * The comments and replies of the member named `author` that everyone may read: neither deleted
 * nor hidden, nor replies to a hidden comment, on content listed publicly. Nobody by that name
 * lists nothing, as the other `?author=` lists do. Two statements and one per kind of host on
 * the page, whatever its size.
 */
export async function listMemberComments(
  ctx: ContentContext,
  viewer: Viewer | null,
  author: string,
  page: { cursor?: string; limit?: number },
): Promise<Page<MemberCommentView>> {
  const authorId = await findUserIdByUsername(ctx.db, author);
  if (authorId === undefined) return { rows: [], next: null };
  const rows = await selectComments(ctx.db, viewer?.id ?? NOBODY)
    .where(and(readableCommentsBy(ctx, authorId), newestFirst.afterCursor(page.cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows: pageRows, next } = newestFirst.page(rows, page.limit, ({ row }) => row);
  const titles = await hostTitles(
    ctx,
    pageRows.map(({ row }) => row),
  );
  return {
    rows: pageRows.map(({ row, author: card, isLiked }) => ({
      row,
      isLiked,
      seesHidden: false,
      author: authorCard(ctx.storage, card),
      hostTitle: titles.get(`${row.model}:${row.objectId}`) ?? '',
      path: ctx.content.path({
        model: row.parentId === null ? 'comment' : 'subcomment',
        id: row.id,
        host: { model: row.model, id: row.objectId },
        parentId: row.parentId,
      }),
    })),
    next,
  };
}

/** The titles of the comments' hosts by `model:id`: one query per kind of host. */
async function hostTitles(
  ctx: ContentContext,
  rows: { model: string; objectId: number }[],
): Promise<Map<string, string>> {
  const idsByModel = new Map<string, number[]>();
  for (const { model, objectId } of rows) {
    idsByModel.set(model, [...(idsByModel.get(model) ?? []), objectId]);
  }
  const titles = new Map<string, string>();
  for (const [model, ids] of idsByModel) {
    const host = ctx.content.kind(model).comments;
    if (!host) continue;
    const found = await ctx.db
      .select({ id: host.id, title: host.title })
      .from(host.table)
      .where(inArray(host.id, ids));
    for (const { id, title } of found) titles.set(`${model}:${String(id)}`, String(title));
  }
  return titles;
}
