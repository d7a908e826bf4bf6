import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ContentKind, ContentRef } from '../../platform/content';
import { prepareOnce } from '../../platform/db';
import { discussionPath } from './discussion-path';
import { discussionFeed } from './forums.feed';
import { canSee } from './discussions.service';
import { discussions, isPublished } from './forums.tables';

const refOf = (id: number): ContentRef => ({ model: 'forum', id, host: null, parentId: null });

/**
 * Discussions as content: members like, bookmark, report and comment on published ones; staff
 * hide them by setting their status.
 */
export const discussionKind: ContentKind = {
  model: 'forum',
  appLabel: 'forums',
  noun: 'discussion',
  async findLive(db, id, lock = false) {
    const query = db
      .select({ ownerId: discussions.authorId, title: discussions.title })
      .from(discussions)
      .where(and(eq(discussions.id, id), isPublished));
    const [row] = lock ? await query.for('update') : await query;
    return row && { ...row, ref: refOf(id) };
  },
  async isVisibleTo(db, id, viewer) {
    const [row] = await prepareOnce(db, 'discussion_visibility', () =>
      db
        .select({ status: discussions.status, authorId: discussions.authorId })
        .from(discussions)
        .where(eq(discussions.id, sql.placeholder('id'))),
    ).execute({ id });
    return row !== undefined && canSee(row, viewer);
  },
  async lockState(tx, id) {
    const [row] = await tx
      .select({ status: discussions.status })
      .from(discussions)
      .where(eq(discussions.id, id))
      .for('update');
    if (!row) return 'deleted';
    return row.status === 'hidden' ? 'hidden' : 'visible';
  },
  async hide(tx, id) {
    await tx
      .update(discussions)
      .set({ status: 'hidden' })
      .where(and(eq(discussions.id, id), ne(discussions.status, 'hidden')));
  },
  async restore(tx, id) {
    await tx
      .update(discussions)
      .set({ status: 'published' })
      .where(and(eq(discussions.id, id), eq(discussions.status, 'hidden')));
  },
  async summarise(db, ids) {
    const rows = await db
      .select({
        id: discussions.id,
        title: discussions.title,
        content: discussions.content,
        authorId: discussions.authorId,
        status: discussions.status,
      })
      .from(discussions)
      .where(inArray(discussions.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.title,
          text: row.content,
          authorId: row.authorId,
          ref: refOf(row.id),
          state: row.status === 'hidden' ? 'hidden' : 'visible',
        },
      ]),
    );
  },
  async addLikes(tx, id, delta) {
    const [row] = await tx
      .update(discussions)
      .set({ likesCount: sql`${discussions.likesCount} + ${delta}` })
      .where(eq(discussions.id, id))
      .returning({ likesCount: discussions.likesCount });
    return row?.likesCount;
  },
  async live(db, id) {
    const [row] = await prepareOnce(db, 'discussion_live_counts', () =>
      db
        .select({ likesCount: discussions.likesCount, commentsCount: discussions.commentsCount })
        .from(discussions)
        .where(and(eq(discussions.id, sql.placeholder('id')), isPublished)),
    ).execute({ id });
    return row && { counts: row };
  },
  comments: {
    table: discussions,
    id: discussions.id,
    owner: discussions.authorId,
    title: discussions.title,
    commentsCount: discussions.commentsCount,
    open: isPublished,
  },
  feed: discussionFeed,
  path: (ref) => discussionPath(ref.id),
};

/** The forums' kinds; comments on discussions are the comments module's. */
export const forumsKinds: ContentKind[] = [discussionKind];
