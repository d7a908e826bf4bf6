import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ContentKind, ContentRef } from '../../platform/content';
import { prepareOnce } from '../../platform/db';
import { pollLive } from './poll-live';
import { pollFeed } from './polls.feed';
import { canSeePoll, isPollPublished } from './poll-rules';
import { pollPosts } from './polls.tables';

export const pollRef = (id: number): ContentRef => ({
  model: 'poll',
  id,
  host: null,
  parentId: null,
});

/** A poll post's page in the web app. */
export const pollPath = (id: number) => `/polls/${id}`;

/**
 * Poll posts as content: members like, bookmark, report and comment on published ones; staff
 * hide them by setting their status. Their votes are this feature's own (`polls-vote/`).
 */
export const pollKind: ContentKind = {
  model: 'poll',
  appLabel: 'forums',
  noun: 'poll',
  async findLive(db, id, lock = false) {
    const query = db
      .select({ ownerId: pollPosts.authorId, title: pollPosts.question })
      .from(pollPosts)
      .where(and(eq(pollPosts.id, id), isPollPublished));
    const [row] = lock ? await query.for('update') : await query;
    return row && { ...row, ref: pollRef(id) };
  },
  async isVisibleTo(db, id, viewer) {
    const [row] = await prepareOnce(db, 'poll_visibility', () =>
      db
        .select({ status: pollPosts.status, authorId: pollPosts.authorId })
        .from(pollPosts)
        .where(eq(pollPosts.id, sql.placeholder('id'))),
    ).execute({ id });
    return row !== undefined && canSeePoll(row, viewer);
  },
  async lockState(tx, id) {
    const [row] = await tx
      .select({ status: pollPosts.status })
      .from(pollPosts)
      .where(eq(pollPosts.id, id))
      .for('update');
    if (!row) return 'deleted';
    return row.status === 'hidden' ? 'hidden' : 'visible';
  },
  async hide(tx, id) {
    await tx
      .update(pollPosts)
      .set({ status: 'hidden' })
      .where(and(eq(pollPosts.id, id), ne(pollPosts.status, 'hidden')));
  },
  async restore(tx, id) {
    await tx
      .update(pollPosts)
      .set({ status: 'published' })
      .where(and(eq(pollPosts.id, id), eq(pollPosts.status, 'hidden')));
  },
  async summarise(db, ids) {
    const rows = await db
      .select({
        id: pollPosts.id,
        question: pollPosts.question,
        description: pollPosts.description,
        authorId: pollPosts.authorId,
        status: pollPosts.status,
      })
      .from(pollPosts)
      .where(inArray(pollPosts.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.question,
          text: row.description,
          authorId: row.authorId,
          ref: pollRef(row.id),
          state: row.status === 'hidden' ? 'hidden' : 'visible',
        },
      ]),
    );
  },
  async addLikes(tx, id, delta) {
    const [row] = await tx
      .update(pollPosts)
      .set({ likesCount: sql`${pollPosts.likesCount} + ${delta}` })
      .where(eq(pollPosts.id, id))
      .returning({ likesCount: pollPosts.likesCount });
    return row?.likesCount;
  },
  comments: {
    table: pollPosts,
    id: pollPosts.id,
    owner: pollPosts.authorId,
    title: pollPosts.question,
    commentsCount: pollPosts.commentsCount,
    open: isPollPublished,
  },
  live: pollLive,
  feed: pollFeed,
  path: (ref) => pollPath(ref.id),
};

/** The polls feature's kinds: poll posts (a discussion's poll is part of the discussion). */
export const pollsKinds: ContentKind[] = [pollKind];
