import type { ZCreateDiscussion, ZUpdateDiscussion } from '@agora/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { release, sweep } from '../../platform/storage';
import { createPoll } from '../polls';
import { audioStorageKey, syncHasAudio } from './audio.freshness';
import { readPrepared, toDiscussionView, type DiscussionView } from './discussions.loader';
import type { Viewer } from '../../platform/auth';
import { CONTENT_EVENTS, type PublishedEvent } from '../../platform/content';
import type { ForumsContext } from './forums.context';
import {
  discussionColumns,
  discussions,
  discussionTags,
  discussionViews,
  tags,
  type DiscussionRow,
} from './forums.tables';

type NewDiscussion = z.output<typeof ZCreateDiscussion>;
type DiscussionChanges = z.output<typeof ZUpdateDiscussion>;

export const NOT_FOUND = 'This discussion does not exist or is not visible to you.';
const ONE_HOUR_MS = 60 * 60 * 1000;

/** Published and archived discussions are public; drafts only their author's; hidden also staff's. */
export function canSee(row: Pick<DiscussionRow, 'status' | 'authorId'>, viewer: Viewer | null) {
  if (row.status === 'published' || row.status === 'archived') return true;
  if (row.authorId === viewer?.id) return true;
  return row.status === 'hidden' && viewer?.isStaff === true;
}

export async function createDiscussion(
  ctx: ForumsContext,
  viewer: Viewer,
  input: NewDiscussion,
): Promise<DiscussionView> {
  const now = ctx.now();
  const id = await ctx.events.transaction(async (tx, events) => {
    const [row] = await tx
      .insert(discussions)
      .values({
        authorId: viewer.id,
        title: input.title,
        content: input.content,
        status: input.status,
        tagNames: sortedTags(input.tags),
        hasPoll: input.pollChoices.length > 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: discussions.id });
    if (!row) throw new Error('insert returned no row');
    await setTags(tx, { id: row.id, createdAt: now }, input.tags);
    if (input.pollChoices.length > 0) {
      await createPoll(tx, { model: 'forum', objectId: row.id }, input.pollChoices, now);
    }
    if (input.status === 'published') {
      events.add(CONTENT_EVENTS.published, {
        actorId: viewer.id,
        target: { model: 'forum', id: row.id, host: null, parentId: null },
        title: input.title,
        content: input.content,
      } satisfies PublishedEvent);
    }
    return row.id;
  });
  return getDiscussion(ctx, viewer, id);
}

/** One discussion as the viewer sees it; a 404 when it is not visible to them. */
export async function getDiscussion(
  ctx: ForumsContext,
  viewer: Viewer | null,
  id: number,
): Promise<DiscussionView> {
  const rows = await readPrepared(
    ctx,
    viewer,
    'by_id',
    (select) => select.where(eq(discussions.id, sql.placeholder('id'))),
    { id },
  );
  const first = rows[0];
  if (!first || !canSee(first.row, viewer)) throw new AppError('not_found', NOT_FOUND);
  return toDiscussionView(ctx, first);
}

/** Opens a discussion: counts the member's view once per clock hour, then shows it. */
export async function viewDiscussion(
  ctx: ForumsContext,
  viewer: Viewer | null,
  id: number,
): Promise<DiscussionView> {
  const view = await getDiscussion(ctx, viewer, id);
  if (!viewer || view.row.status !== 'published') return view;
  const now = ctx.now().getTime();
  const hour = new Date(now - (now % ONE_HOUR_MS));
  const counted = await ctx.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(discussionViews)
      .values({ discussionId: id, userId: viewer.id, hour })
      .onConflictDoNothing()
      .returning({ hour: discussionViews.hour });
    if (!first) return undefined;
    const [row] = await tx
      .update(discussions)
      .set({ viewsCount: sql`${discussions.viewsCount} + 1` })
      .where(eq(discussions.id, id))
      .returning({ viewsCount: discussions.viewsCount });
    return row?.viewsCount;
  });
  return counted === undefined ? view : { ...view, row: { ...view.row, viewsCount: counted } };
}

/** The author changes their discussion; changing its title, text or tags marks it edited. */
export async function updateDiscussion(
  ctx: ForumsContext,
  viewer: Viewer,
  id: number,
  changes: DiscussionChanges,
): Promise<DiscussionView> {
  const now = ctx.now();
  await ctx.events.transaction(async (tx, events) => {
    const row = await findOwnDiscussion(
      tx,
      viewer,
      id,
      'Only the author can edit this discussion.',
    );
    if (row.status !== 'draft' && row.status !== 'published') {
      throw new AppError('forbidden', `This discussion is ${row.status} and cannot be edited.`);
    }
    const edited =
      changes.title !== undefined || changes.content !== undefined || changes.tags !== undefined;
    await tx
      .update(discussions)
      .set({
        title: changes.title,
        content: changes.content,
        status: changes.status,
        tagNames: changes.tags && sortedTags(changes.tags),
        updatedAt: now,
        ...(edited ? { editedAt: now } : {}),
      })
      .where(eq(discussions.id, id));
    if (changes.tags) {
      await tx.delete(discussionTags).where(eq(discussionTags.discussionId, id));
      await setTags(tx, row, changes.tags);
    }
    // Speech read from the old text no longer matches it.
    if (changes.title !== undefined || changes.content !== undefined) await syncHasAudio(tx, id);
    if (row.status === 'draft' && changes.status === 'published') {
      events.add(CONTENT_EVENTS.published, {
        actorId: viewer.id,
        target: { model: 'forum', id, host: null, parentId: null },
        title: changes.title ?? row.title,
        content: changes.content ?? row.content,
      } satisfies PublishedEvent);
    }
  });
  return getDiscussion(ctx, viewer, id);
}

/** The author or staff delete a discussion with its comments, votes, likes and bookmarks. */
export async function deleteDiscussion(
  ctx: ForumsContext,
  viewer: Viewer,
  id: number,
): Promise<void> {
  const audioKey = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: discussions.authorId, status: discussions.status })
      .from(discussions)
      .where(eq(discussions.id, id))
      .for('update');
    if (!row || !canSee(row, viewer)) throw new AppError('not_found', NOT_FOUND);
    if (row.authorId !== viewer.id && !viewer.isStaff) {
      throw new AppError('forbidden', 'Only the author or staff can delete this discussion.');
    }
    // Comments, likes, bookmarks, reports and notifications point at many kinds of object, so
    // no foreign key cascades them: each module cleans up what it keeps.
    await ctx.content.deleted(tx, 'forum', [id]);
    const key = await audioStorageKey(tx, id);
    if (key) await release(tx, key);
    await tx.delete(discussions).where(eq(discussions.id, id));
    return key;
  });
  // The audio's bytes live outside the database, so no cascade reaches them.
  if (audioKey) await sweep(ctx.db, ctx.storage, audioKey);
}

/** Locks the viewer's own discussion for a change; 404 if they cannot see it, 403 if not theirs. */
async function findOwnDiscussion(
  tx: Database,
  viewer: Viewer,
  id: number,
  forbidden: string,
): Promise<DiscussionRow> {
  const [row] = await tx
    .select(discussionColumns)
    .from(discussions)
    .where(eq(discussions.id, id))
    .for('update');
  if (!row || !canSee(row, viewer)) throw new AppError('not_found', NOT_FOUND);
  if (row.authorId !== viewer.id) throw new AppError('forbidden', forbidden);
  return row;
}

/** Sorted by character code, as migration 0006 sorted the existing rows (`collate "C"`). */
const sortedTags = (names: string[]) => [...names].sort();

/** Links the discussion to these tags, creating the ones used for the first time. */
async function setTags(
  tx: Database,
  discussion: Pick<DiscussionRow, 'id' | 'createdAt'>,
  names: string[],
): Promise<void> {
  if (names.length === 0) return;
  await tx
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.name, names));
  await tx.insert(discussionTags).values(
    rows.map((tag) => ({
      discussionId: discussion.id,
      tagId: tag.id,
      createdAt: discussion.createdAt,
    })),
  );
}
