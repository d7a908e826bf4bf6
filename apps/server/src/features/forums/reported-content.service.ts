import type { Author, ReportedObjectState, ReportModel } from '@agora/shared';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { findAuthors } from '../users';
import { discussionPath } from './discussion-path';
import { comments, discussions, isPublished } from './forums.tables';

/**
 * What moderation needs from the forums: the reportable objects (discussions, comments and
 * replies), hiding and restoring them, and a summary of each for the review queue. Functions
 * taking `tx` run inside the caller's transaction; each locks the object row it reads, so
 * concurrent reports of one object count one after another.
 */

const EXCERPT_LENGTH = 280;

/** A top-level comment is a `comment`, a reply a `subcomment`. */
const isKind = (model: Exclude<ReportModel, 'forum'>) =>
  model === 'comment' ? isNull(comments.parentId) : sql`${comments.parentId} is not null`;

/**
 * Locks an object members can see (a published discussion; a comment or reply, neither deleted
 * nor hidden, of a published discussion) and returns its author; undefined when there is none.
 */
export async function lockReportable(
  tx: Database,
  model: ReportModel,
  id: number,
): Promise<{ ownerId: number } | undefined> {
  if (model === 'forum') {
    const [row] = await tx
      .select({ ownerId: discussions.authorId })
      .from(discussions)
      .where(and(eq(discussions.id, id), isPublished))
      .for('update');
    return row;
  }
  const [row] = await tx
    .select({ ownerId: comments.authorId })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(
      and(
        eq(comments.id, id),
        isKind(model),
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        isPublished,
      ),
    )
    .for('update', { of: comments });
  return row;
}

/** Locks a reported object for a staff decision and says how it is now. */
export async function lockReported(
  tx: Database,
  model: ReportModel,
  id: number,
): Promise<ReportedObjectState> {
  if (model === 'forum') {
    const [row] = await tx
      .select({ status: discussions.status })
      .from(discussions)
      .where(eq(discussions.id, id))
      .for('update');
    if (!row) return 'deleted';
    return row.status === 'hidden' ? 'hidden' : 'visible';
  }
  const [row] = await tx
    .select({ deletedAt: comments.deletedAt, hiddenAt: comments.hiddenAt })
    .from(comments)
    .where(and(eq(comments.id, id), isKind(model)))
    .for('update');
  if (!row || row.deletedAt) return 'deleted';
  return row.hiddenAt ? 'hidden' : 'visible';
}

/** Hides the object from everyone but its author and staff. */
export async function hideContent(
  tx: Database,
  model: ReportModel,
  id: number,
  now: Date,
): Promise<void> {
  if (model === 'forum') {
    await tx
      .update(discussions)
      .set({ status: 'hidden' })
      .where(and(eq(discussions.id, id), ne(discussions.status, 'hidden')));
    return;
  }
  await tx
    .update(comments)
    .set({ hiddenAt: now })
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
}

/** Shows a hidden object again: a discussion is published, a comment loses its mark. */
export async function restoreContent(tx: Database, model: ReportModel, id: number): Promise<void> {
  if (model === 'forum') {
    await tx
      .update(discussions)
      .set({ status: 'published' })
      .where(and(eq(discussions.id, id), eq(discussions.status, 'hidden')));
    return;
  }
  await tx.update(comments).set({ hiddenAt: null }).where(eq(comments.id, id));
}

export interface ContentSummary {
  title: string;
  excerpt: string;
  author: Author | null;
  /** The object's place in the web app. */
  url: string;
  state: ReportedObjectState;
}

const summaryKey = (model: ReportModel, id: number) => `${model}:${id}`;

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

/**
 * Summaries of reported objects for the review queue, in three queries whatever their number.
 * An object that no longer exists is summarised as deleted.
 */
export async function summariseContent(
  db: Database,
  storage: Storage,
  refs: { model: ReportModel; id: number }[],
): Promise<(ref: { model: ReportModel; id: number }) => ContentSummary> {
  const discussionIds = refs.filter((ref) => ref.model === 'forum').map((ref) => ref.id);
  const commentIds = refs.filter((ref) => ref.model !== 'forum').map((ref) => ref.id);
  const [discussionRows, commentRows] = await Promise.all([
    discussionIds.length === 0
      ? []
      : db
          .select({
            id: discussions.id,
            title: discussions.title,
            content: discussions.content,
            authorId: discussions.authorId,
            status: discussions.status,
          })
          .from(discussions)
          .where(inArray(discussions.id, discussionIds)),
    commentIds.length === 0
      ? []
      : db
          .select({
            id: comments.id,
            parentId: comments.parentId,
            discussionId: comments.discussionId,
            title: discussions.title,
            content: comments.content,
            authorId: comments.authorId,
            deletedAt: comments.deletedAt,
            hiddenAt: comments.hiddenAt,
          })
          .from(comments)
          .innerJoin(discussions, eq(discussions.id, comments.discussionId))
          .where(inArray(comments.id, commentIds)),
  ]);
  const authors = await findAuthors(db, storage, [
    ...discussionRows.map((row) => row.authorId),
    ...commentRows.filter((row) => !row.deletedAt).map((row) => row.authorId),
  ]);
  const summaries = new Map<string, ContentSummary>();
  for (const row of discussionRows) {
    summaries.set(summaryKey('forum', row.id), {
      title: row.title,
      excerpt: excerptOf(row.content),
      author: authors.get(row.authorId) ?? null,
      url: discussionPath(row.id),
      state: row.status === 'hidden' ? 'hidden' : 'visible',
    });
  }
  for (const row of commentRows) {
    const deleted = row.deletedAt !== null;
    summaries.set(summaryKey(row.parentId === null ? 'comment' : 'subcomment', row.id), {
      title: row.title,
      excerpt: deleted ? '' : excerptOf(row.content),
      author: deleted ? null : (authors.get(row.authorId) ?? null),
      url: discussionPath(row.discussionId, row),
      state: deleted ? 'deleted' : row.hiddenAt ? 'hidden' : 'visible',
    });
  }
  return ({ model, id }) =>
    summaries.get(summaryKey(model, id)) ?? {
      title: 'Deleted content',
      excerpt: '',
      author: null,
      url: '',
      state: 'deleted',
    };
}
