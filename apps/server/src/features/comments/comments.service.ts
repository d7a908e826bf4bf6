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

type InsertedRow = Record<string, unknown> & InsertedExtras;

/** Each host model's `insertComment` and `insertReply` statements, assembled on first use. */
const insertStatements = new Map<string, BuiltStatement<InsertedRow>>();

function statementOf(key: string, build: () => SQL): BuiltStatement<InsertedRow> {
  let statement = insertStatements.get(key);
  if (!statement) {
    statement = statementOnce(build);
    insertStatements.set(key, statement);
  }
  return statement;
}

const viewerId = sql.placeholder('viewer');
const insertedAt = sql`${sql.placeholder('at')}::timestamptz`;

/** The viewer's author card, beside the comment they add. */
const authorOfViewer = sql`author as (
  select ${users.username} as username, ${users.avatarKey} as avatar_key, ${users.role} as role
  from ${users} where ${users.id} = ${viewerId}
)`;

/** The counter update of the host the comment is added to, if it is open. */
const countOn = (columns: CommentHost, andAlso: SQL) => sql`counted as (
  update ${columns.table}
  set ${sql.identifier(columns.commentsCount.name)} = ${columns.commentsCount} + 1
  where ${columns.id} = ${sql.placeholder('host')} and ${columns.open} and ${andAlso}
  returning ${columns.id} as host_id, ${columns.owner} as owner_id, ${columns.title} as title
)`;

/**
 * The added comment (CTE `added`) as `decodeColumns` reads it, the owner told of it, its host's
 * title and its author's card.
 */
const addedWithCard = (ownerId: SQL) =>
  sql`select ${sql.join(
    Object.values(commentColumns).map((column) => sql`added.${sql.identifier(column.name)}`),
    sql`, `,
  )}, ${ownerId} as owner_id, counted.title, author.username, author.avatar_key, author.role`;

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
  const payload = sql`jsonb_set(jsonb_set(jsonb_set(job.payload::jsonb,
    '{comment,id}', to_jsonb(added.id)),
    '{ownerId}', to_jsonb(counted.owner_id)),
    '{title}', to_jsonb(counted.title))`;
  return statementOf(
    `comment:${model}`,
    () => sql`with ${countOn(columns, sql`not ${blockExists(sql`${columns.owner}`, sql`${viewerId}`)}`)},
      ${authorOfViewer}, added as (
        insert into ${comments} (model, object_id, parent_id, author_id, content, created_at, updated_at)
        values (${model}, (select host_id from counted), null, ${viewerId}, ${sql.placeholder('content')}, ${insertedAt}, ${insertedAt})
        returning *
      ), queued as (${jobInsert(payload, sql`, added, counted`)})
      ${addedWithCard(sql`counted.owner_id`)}
      from added cross join counted left join author on true`,
  );
}

/**
 * A reply on a `model` object's top-level comment, with the job of its event, in one statement
 * assembled once per model, as `insertComment`: the host's counter first, then the parent's (so
 * every writer locks host before comment, and none deadlock), each refused unless the host is
 * open, the parent is a top-level comment neither deleted nor hidden, and its author has not
 * blocked the viewer. The reply takes its host id only when both were counted, so a refusal
 * fails the insert and writes nothing. The parent's author hears of it (the job's `ownerId`,
 * known before).
 */
function insertReply(model: string, columns: CommentHost) {
  const payload = sql`jsonb_set(jsonb_set(job.payload::jsonb,
    '{comment,id}', to_jsonb(added.id)),
    '{title}', to_jsonb(counted.title))`;
  return statementOf(
    `reply:${model}`,
    () => sql`with ${countOn(columns, sql`true`)},
      replied as (
        update ${comments} set replies_count = ${comments.repliesCount} + 1
        where ${comments.id} = ${sql.placeholder('parent')} and ${comments.parentId} is null
          and ${comments.deletedAt} is null and ${comments.hiddenAt} is null
          and not ${blockExists(sql`${comments.authorId}`, sql`${viewerId}`)}
          and exists (select 1 from counted)
        returning ${comments.id} as id, ${comments.authorId} as author_id
      ), ${authorOfViewer}, added as (
        insert into ${comments} (model, object_id, parent_id, author_id, content, created_at, updated_at)
        values (${model}, (select host_id from counted where exists (select 1 from replied)),
          (select id from replied), ${viewerId}, ${sql.placeholder('content')}, ${insertedAt}, ${insertedAt})
        returning *
      ), queued as (${jobInsert(payload, sql`, added, counted`)})
      ${addedWithCard(sql`replied.author_id`)}
      from added cross join counted cross join replied left join author on true`,
  );
}

/** A comment just added, as its author sees it, its event announced. */
async function added(
  ctx: ContentContext,
  viewer: Viewer,
  topic: string,
  inserted: InsertedRow,
): Promise<CommentView> {
  const row = decodeColumns(commentColumns, inserted);
  await ctx.events.announce(
    topic,
    createdEvent(viewer, row, Number(inserted.owner_id), inserted.title),
  );
  const { username, avatar_key: avatarKey, role } = inserted;
  const author =
    username === null
      ? null
      : authorCard(ctx.storage, { id: viewer.id, username, avatarKey, role: role ?? undefined });
  return { row, isLiked: false, author, seesHidden: true };
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
  const [inserted] = await insertComment(host.model, columns)
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
  if (!inserted) throw new Error('insert returned no row');
  return added(ctx, viewer, topic, inserted);
}

/** The top-level comment a reply is for, if one may still be added to it. */
async function parentOf(ctx: ContentContext, viewer: Viewer, id: number) {
  const [parent] = await ctx.db
    .select({
      authorId: comments.authorId,
      model: comments.model,
      objectId: comments.objectId,
      blocked: blockExists(sql`${comments.authorId}`, viewer.id),
    })
    .from(comments)
    .where(
      and(
        eq(comments.id, id),
        isNull(comments.parentId),
        isNull(comments.deletedAt),
        // Hidden by moderators: nobody may add to it until staff decide.
        isNull(comments.hiddenAt),
      ),
    );
  return parent;
}

/** A member replies to a top-level comment on an object open for comments. */
export async function createReply(
  ctx: ContentContext,
  viewer: Viewer,
  input: { comment: number; content: string; field: string },
): Promise<CommentView> {
  const parent = await parentOf(ctx, viewer, input.comment);
  if (!parent) throw commentGone(input.field);
  if (parent.blocked) throw new AppError('forbidden', BLOCKED_BY_OWNER);
  const [, columns] = hostOf(ctx, parent.model, input.field);
  const topic = CONTENT_EVENTS.commentCreated;
  const draft = createdEvent(
    viewer,
    {
      id: 0,
      model: parent.model,
      objectId: parent.objectId,
      parentId: input.comment,
      content: input.content,
    },
    parent.authorId,
    '',
  );
  const [inserted] = await insertReply(parent.model, columns)
    .run(ctx.db, {
      host: parent.objectId,
      parent: input.comment,
      viewer: viewer.id,
      content: input.content,
      at: ctx.now().toISOString(),
      jobs: ctx.events.jobsOf(topic, draft),
    })
    .catch(async (error: unknown) => {
      if (!isNotNullViolation(error, comments.objectId.name)) throw error;
      // Refused meanwhile: the parent's author blocked the viewer, or it or its host went.
      const now = await parentOf(ctx, viewer, input.comment);
      throw now?.blocked ? new AppError('forbidden', BLOCKED_BY_OWNER) : commentGone(input.field);
    });
  if (!inserted) throw new Error('insert returned no row');
  return added(ctx, viewer, topic, inserted);
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
