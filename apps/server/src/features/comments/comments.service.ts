import type { Author, MemberRole, PageQuery } from '@agora/shared';
import { and, eq, gt, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import {
  CONTENT_EVENTS,
  type CommentCreatedEvent,
  type CommentHost,
  type CountsChangedEvent,
  type ContentContext,
  type ContentKind,
} from '../../platform/content';
import {
  decodeColumns,
  prepareOnce,
  statementOnce,
  type BuiltStatement,
  type Database,
} from '../../platform/db';
import { AppError, isNotNullViolation } from '../../platform/errors';
import { jobInsert } from '../../platform/jobs';
import {
  fetchLimit,
  integerKey,
  keyset,
  pageSize,
  timestampKey,
  type Page,
} from '../../platform/pagination';
import { hasLiked, likes, markOf } from '../reactions';
import { authorCard, authorColumns, blockExists, findAuthors, users } from '../users';
import { commentColumns, type CommentRow, comments } from './comments.tables';

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

/** What a comment is on, and which request field named it (for the error). */
export interface HostInput {
  model: string;
  id: number;
  field: string;
}

/** No member has this id: a signed-out viewer's join matches nothing. */
const NOBODY = 0;
export const COMMENT_NOT_FOUND = 'This comment does not exist or was deleted.';
const hostGone = (kind: ContentKind, field: string) =>
  AppError.fields({ [field]: [`This ${kind.noun} does not exist or is not open for comments.`] });
const commentGone = (field: string) => AppError.fields({ [field]: [COMMENT_NOT_FOUND] });

/** Nobody can comment on or reply to a member who has blocked them. */
const BLOCKED_BY_OWNER = 'This member has blocked you, so you cannot reply to them.';

/** Only kinds that declare a comment host take comments. */
function hostOf(ctx: ContentContext, model: string, field: string): [ContentKind, CommentHost] {
  const kind = ctx.content.kind(model);
  if (!kind.comments) throw AppError.fields({ [field]: ['This kind of content has no comments.'] });
  return [kind, kind.comments];
}

/** What `insertComment` returns besides the comment: its host's owner and title, its author. */
interface InsertedExtras {
  owner_id: number | string;
  title: string;
  username: string | null;
  avatar_key: string | null;
  role: MemberRole | null;
}

/** Each host model's `insertComment` statement, assembled on its first comment. */
const insertStatements = new Map<
  string,
  BuiltStatement<Record<string, unknown> & InsertedExtras>
>();

/**
 * A top-level comment on a `model` object, with the job of its event, in one statement
 * assembled once per model (drizzle's insert builder cost more CPU than the rest of the
 * request), so it needs no transaction. The counter update comes first: it locks the host's row
 * and proves it is open and that its owner has not blocked the viewer. The comment takes its
 * host id from that update, so when the update was refused the insert fails on its empty host
 * id and writes nothing, the job included. The job's payload is the event drafted before the
 * insert (`DomainEvents.jobsOf`), completed here with the comment's id, the host's owner and its
 * title. The author's card comes back with the comment.
 */
function insertComment(model: string, columns: CommentHost) {
  let statement = insertStatements.get(model);
  if (statement) return statement;
  const viewer = sql.placeholder('viewer');
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const payload = sql`jsonb_set(jsonb_set(jsonb_set(job.payload::jsonb,
    '{comment,id}', to_jsonb(added.id)),
    '{ownerId}', to_jsonb(counted.owner_id)),
    '{title}', to_jsonb(counted.title))`;
  statement = statementOnce(
    () => sql`with counted as (
        update ${columns.table}
        set ${sql.identifier(columns.commentsCount.name)} = ${columns.commentsCount} + 1
        where ${columns.id} = ${sql.placeholder('host')} and ${columns.open}
          and not ${blockExists(sql`${columns.owner}`, sql`${viewer}`)}
        returning ${columns.id} as host_id, ${columns.owner} as owner_id, ${columns.title} as title
      ), author as (
        select ${users.username} as username, ${users.avatarKey} as avatar_key, ${users.role} as role
        from ${users} where ${users.id} = ${viewer}
      ), added as (
        insert into ${comments} (model, object_id, parent_id, author_id, content, created_at, updated_at)
        values (${model}, (select host_id from counted), null, ${viewer}, ${sql.placeholder('content')}, ${at}, ${at})
        returning *
      ), queued as (${jobInsert(payload, sql`, added, counted`)})
      select ${sql.join(
        Object.values(commentColumns).map((column) => sql`added.${sql.identifier(column.name)}`),
        sql`, `,
      )}, counted.owner_id, counted.title, author.username, author.avatar_key, author.role
      from added cross join counted left join author on true`,
  );
  insertStatements.set(model, statement);
  return statement;
}

/** A member comments on an object open for comments. */
export async function createComment(
  ctx: ContentContext,
  viewer: Viewer,
  host: HostInput,
  content: string,
): Promise<CommentView> {
  const [kind, columns] = hostOf(ctx, host.model, host.field);
  const topic = CONTENT_EVENTS.commentCreated;
  const draft = createdEvent(
    viewer,
    { id: 0, model: host.model, objectId: host.id, parentId: null, content },
    0,
    '',
  );
  const [added] = await insertComment(host.model, columns)
    .run(ctx.db, {
      host: host.id,
      viewer: viewer.id,
      content,
      at: ctx.now().toISOString(),
      jobs: ctx.events.jobsOf(topic, draft),
    })
    .catch(async (error: unknown) => {
      if (!isNotNullViolation(error, comments.objectId.name)) throw error;
      // The rare refusal says which of the two it was, once the statement has failed.
      const [open] = await ctx.db
        .select({ id: sql`1` })
        .from(columns.table)
        .where(and(eq(columns.id, host.id), columns.open));
      throw open ? new AppError('forbidden', BLOCKED_BY_OWNER) : hostGone(kind, host.field);
    });
  if (!added) throw new Error('insert returned no row');
  const row = decodeColumns(commentColumns, added);
  await ctx.events.announce(topic, createdEvent(viewer, row, Number(added.owner_id), added.title));
  const { username, avatar_key: avatarKey, role } = added;
  const author =
    username === null
      ? null
      : authorCard(ctx.storage, { id: viewer.id, username, avatarKey, role: role ?? undefined });
  return { row, isLiked: false, author, seesHidden: true };
}

/** A member replies to a top-level comment on an object open for comments. */
export async function createReply(
  ctx: ContentContext,
  viewer: Viewer,
  input: { comment: number; content: string; field: string },
): Promise<CommentView> {
  const now = ctx.now();
  const row = await ctx.events.transaction(async (tx, events) => {
    const [parent] = await tx
      .select({
        authorId: comments.authorId,
        model: comments.model,
        objectId: comments.objectId,
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
    if (!parent) throw commentGone(input.field);
    if (parent.blocked) throw new AppError('forbidden', BLOCKED_BY_OWNER);
    const [, columns] = hostOf(ctx, parent.model, input.field);
    // Host first, then comment: every transaction locks in that order, so none deadlock.
    const hosts = await tx.execute<{ title: string }>(
      sql`update ${columns.table}
        set ${sql.identifier(columns.commentsCount.name)} = ${columns.commentsCount} + 1
        where ${columns.id} = ${parent.objectId} and ${columns.open}
        returning ${columns.title} as title`,
    );
    const host = hosts.rows[0];
    if (!host) throw commentGone(input.field);
    const [stillThere] = await tx
      .update(comments)
      .set({ repliesCount: sql`${comments.repliesCount} + 1` })
      .where(and(eq(comments.id, input.comment), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (!stillThere) throw commentGone(input.field);
    const [row] = await tx
      .insert(comments)
      .values({
        model: parent.model,
        objectId: parent.objectId,
        parentId: input.comment,
        authorId: viewer.id,
        content: input.content,
        createdAt: now,
        updatedAt: now,
      })
      .returning(commentColumns);
    if (!row) throw new Error('insert returned no row');
    events.add(
      CONTENT_EVENTS.commentCreated,
      createdEvent(viewer, row, parent.authorId, host.title),
    );
    return row;
  });
  return presentOwn(ctx, row, false);
}

function createdEvent(
  viewer: Viewer,
  row: Pick<CommentRow, 'id' | 'model' | 'objectId' | 'parentId' | 'content'>,
  ownerId: number,
  title: string,
): CommentCreatedEvent {
  return {
    actorId: viewer.id,
    ownerId,
    comment: {
      model: row.parentId === null ? 'comment' : 'subcomment',
      id: row.id,
      host: { model: row.model, id: row.objectId },
      parentId: row.parentId,
    },
    title,
    content: row.content,
  };
}

/** An object's top-level comments, oldest first; deleted ones stay while they have replies. */
export async function listComments(
  ctx: ContentContext,
  viewer: Viewer | null,
  host: HostInput,
  page: PageQuery,
): Promise<Page<CommentView>> {
  const [kind] = hostOf(ctx, host.model, host.field);
  if (!(await kind.isVisibleTo(ctx.db, host.id, viewer))) throw hostGone(kind, host.field);
  return commentPage(ctx, viewer, page, {
    name: 'comments',
    values: { model: host.model, id: host.id },
    where: (values) =>
      and(
        eq(comments.model, values.model),
        eq(comments.objectId, values.id),
        isNull(comments.parentId),
        or(isNull(comments.deletedAt), gt(comments.repliesCount, 0)),
      ),
  });
}

/** A comment's replies, oldest first. */
export async function listReplies(
  ctx: ContentContext,
  viewer: Viewer | null,
  comment: number,
  page: PageQuery,
): Promise<Page<CommentView>> {
  const [parent] = await ctx.db
    .select({ model: comments.model, objectId: comments.objectId })
    .from(comments)
    .where(and(eq(comments.id, comment), isNull(comments.parentId)));
  const kind = parent && ctx.content.kind(parent.model);
  if (!parent || !kind || !(await kind.isVisibleTo(ctx.db, parent.objectId, viewer))) {
    throw commentGone('comment');
  }
  return commentPage(ctx, viewer, page, {
    name: 'replies',
    values: { model: '', id: comment },
    where: (values) => and(eq(comments.parentId, values.id), isNull(comments.deletedAt)),
  });
}

/** The author rewrites their comment or reply; it is marked edited. */
export async function updateComment(
  ctx: ContentContext,
  viewer: Viewer,
  kind: CommentKind | null,
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
      .returning(commentColumns);
    if (!row) throw new AppError('not_found', COMMENT_NOT_FOUND);
    return row;
  });
  return presentOwn(ctx, row, await hasLiked(ctx, viewer.id, 'comment', row.id));
}

/**
 * The author deletes their comment or reply. Its text is wiped at once; a comment that has
 * replies keeps its place (shown as "[deleted]") so the replies keep their context.
 */
export async function deleteComment(
  ctx: ContentContext,
  viewer: Viewer,
  kind: CommentKind | null,
  id: number,
): Promise<void> {
  const now = ctx.now();
  await ctx.events.transaction(async (tx, events) => {
    const own = await findOwnComment(
      tx,
      viewer,
      kind,
      id,
      'Only the author can delete this comment.',
    );
    const columns = ctx.content.kind(own.model).comments;
    // Host first, then comment: every transaction locks in that order, so none deadlock.
    if (columns) {
      await tx.execute(
        sql`select 1 from ${columns.table} where ${columns.id} = ${own.objectId} for update`,
      );
    }
    const [row] = await tx
      .update(comments)
      .set({ content: '', likesCount: 0, deletedAt: now, updatedAt: now })
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
      .returning({ parentId: comments.parentId });
    if (!row) return;
    // It stays as "[deleted]" for its replies' sake, but its likes, closed reports and
    // notifications go, as they do for all deleted content.
    await ctx.content.deleted(tx, row.parentId === null ? 'comment' : 'subcomment', [id]);
    if (columns) {
      await tx.execute(
        sql`update ${columns.table}
          set ${sql.identifier(columns.commentsCount.name)} = ${columns.commentsCount} - 1
          where ${columns.id} = ${own.objectId}`,
      );
      // Pages watching the host see its comment count drop.
      events.add(CONTENT_EVENTS.countsChanged, {
        target: { model: own.model, id: own.objectId },
      } satisfies CountsChangedEvent);
    }
    if (row.parentId !== null) {
      await tx
        .update(comments)
        .set({ repliesCount: sql`${comments.repliesCount} - 1` })
        .where(eq(comments.id, row.parentId));
    }
  });
}

/** The viewer's own live comment (of this kind, when named); 404 if none, 403 if not theirs. */
async function findOwnComment(
  tx: Database,
  viewer: Viewer,
  kind: CommentKind | null,
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
        kind === null ? undefined : isCommentKind(kind),
      ),
    );
  if (!row) throw new AppError('not_found', COMMENT_NOT_FOUND);
  if (row.authorId !== viewer.id) throw new AppError('forbidden', forbidden);
  return row;
}

/** A top-level comment is a `comment`, a reply a `subcomment`. */
export const isCommentKind = (kind: CommentKind) =>
  kind === 'comment' ? isNull(comments.parentId) : sql`${comments.parentId} is not null`;

type ListValues = { model: string; id: number };
type ListParams = { model: string | Placeholder; id: number | Placeholder };

/** The comments on one object, or the replies to one comment. */
interface CommentList {
  name: 'comments' | 'replies';
  values: ListValues;
  where: (values: ListParams) => SQL | undefined;
}

/** Comments with their authors and the viewer's likes, in one statement. */
export function selectComments(db: Database, viewerId: number | Placeholder) {
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
  ctx: ContentContext,
  viewer: Viewer | null,
  page: PageQuery,
  list: CommentList,
): Promise<Page<CommentView>> {
  const viewerId = viewer?.id ?? NOBODY;
  const rows =
    page.cursor === undefined
      ? await prepareOnce(ctx.db, `${list.name}_first_${pageSize(page.limit)}`, () =>
          selectComments(ctx.db, sql.placeholder('viewer'))
            .where(list.where({ model: sql.placeholder('model'), id: sql.placeholder('id') }))
            .orderBy(...oldestFirst.orderBy)
            .limit(fetchLimit(page.limit)),
        ).execute({ viewer: viewerId, ...list.values })
      : await selectComments(ctx.db, viewerId)
          .where(and(list.where(list.values), oldestFirst.afterCursor(page.cursor)))
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
  ctx: ContentContext,
  row: CommentRow,
  isLiked: boolean,
): Promise<CommentView> {
  const authors = await findAuthors(ctx.db, ctx.storage, [row.authorId]);
  return { row, isLiked, author: authors.get(row.authorId) ?? null, seesHidden: true };
}

/** Comments of deleted objects: cleaned as comments (their likes, reports…), then deleted. */
export async function deleteCommentsOn(
  tx: Database,
  registry: { deleted(tx: Database, model: string, ids: number[]): Promise<void> },
  model: string,
  ids: number[],
): Promise<void> {
  const rows = await tx
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(and(eq(comments.model, model), inArray(comments.objectId, ids)));
  if (rows.length === 0) return;
  await registry.deleted(
    tx,
    'comment',
    rows.filter((row) => row.parentId === null).map((row) => row.id),
  );
  await registry.deleted(
    tx,
    'subcomment',
    rows.filter((row) => row.parentId !== null).map((row) => row.id),
  );
  await tx.delete(comments).where(and(eq(comments.model, model), inArray(comments.objectId, ids)));
}
