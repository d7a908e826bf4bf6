import { POLL_MESSAGES, type ZCreatePoll, type ZUpdatePoll } from '@agora/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../platform/auth';
import { CONTENT_EVENTS, type ContentContext, type PublishedEvent } from '../../platform/content';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { forgetTrendingPolls } from './poll-trending.service';
import { readPrepared, toPollViews, type PollPostRow, type PollView } from './poll-posts.loader';
import { canSeePoll } from './poll-rules';
import { pollRef } from './polls.kinds';
import { createPoll, insertChoices } from './polls.service';
import { pollChoices, pollPostColumns, pollPosts, polls } from './polls.tables';

type NewPoll = z.output<typeof ZCreatePoll>;
type PollChanges = z.output<typeof ZUpdatePoll>;

const FUTURE_CLOSE = 'Set a closing time in the future.';
const CLOSE_FOR_RESULTS = 'Set a closing time to show the results after the poll closes.';
const MAX_CHOICES_TYPE = 'Only a multiple-choice poll limits how many options a member picks.';
const MAX_CHOICES_OPTIONS = 'Allow at most as many choices as there are options.';

/** Sorted by character code, as discussions keep theirs. */
const sortedTags = (names: string[]) => [...names].sort();

/** The closing time as a date, refused unless it lies ahead of the server's clock. */
function futureClose(closesAt: string | null, now: Date): Date | null {
  if (closesAt === null) return null;
  const date = new Date(closesAt);
  if (date.getTime() <= now.getTime()) throw AppError.fields({ closesAt: [FUTURE_CLOSE] });
  return date;
}

/** Starts a poll post, as a draft or published; its poll and choices in the same transaction. */
export async function createPollPost(
  ctx: ContentContext,
  viewer: Viewer,
  input: NewPoll,
): Promise<PollView> {
  const now = ctx.now();
  const closesAt = futureClose(input.closesAt, now);
  const id = await ctx.events.transaction(async (tx, events) => {
    const pollId = await createPoll(tx, { model: 'poll' }, input.options, now, {
      type: input.type,
      maxChoices: input.maxChoices,
      results: input.results,
      voters: input.voters,
      closesAt,
    });
    await tx.insert(pollPosts).values({
      id: pollId,
      authorId: viewer.id,
      question: input.question,
      description: input.description,
      status: input.status,
      tagNames: sortedTags(input.tags),
      createdAt: now,
      updatedAt: now,
    });
    if (input.status === 'published') {
      events.add(CONTENT_EVENTS.published, {
        actorId: viewer.id,
        target: pollRef(pollId),
        title: input.question,
        content: input.description,
      } satisfies PublishedEvent);
    }
    return pollId;
  });
  if (input.status === 'published') forgetTrendingPolls(ctx.db);
  return getPoll(ctx, viewer, id);
}

/** One poll post as the viewer sees it; a 404 when it is not visible to them. */
export async function getPoll(
  ctx: ContentContext,
  viewer: Viewer | null,
  id: number,
): Promise<PollView> {
  const rows = await readPrepared(
    ctx,
    viewer,
    'by_id',
    (select) => select.where(eq(pollPosts.id, sql.placeholder('id'))),
    { id },
  );
  const first = rows[0];
  if (!first || !canSeePoll(first.row, viewer)) {
    throw new AppError('not_found', POLL_MESSAGES.notFound);
  }
  const [view] = toPollViews(ctx, [first]);
  if (!view) throw new AppError('not_found', POLL_MESSAGES.notFound);
  return view;
}

/**
 * The author changes their poll. Question, description, tags and status change any time;
 * options, type, maxChoices and closesAt only while nobody has a ballot (the poll's row is
 * locked, so a first vote in flight is either counted before, and the change refused, or waits
 * for the change). `results` and `voters` never change: members voted trusting them.
 */
export async function updatePoll(
  ctx: ContentContext,
  viewer: Viewer,
  id: number,
  changes: PollChanges,
): Promise<PollView> {
  const now = ctx.now();
  await ctx.events.transaction(async (tx, events) => {
    const row = await findOwnPoll(tx, viewer, id, 'Only the author can edit this poll.');
    if (row.status !== 'draft' && row.status !== 'published') {
      throw new AppError('forbidden', `This poll is ${row.status} and cannot be edited.`);
    }
    const reshaped = await reshapePoll(tx, id, changes, now);
    const edited =
      reshaped ||
      changes.question !== undefined ||
      changes.description !== undefined ||
      changes.tags !== undefined;
    await tx
      .update(pollPosts)
      .set({
        question: changes.question,
        description: changes.description,
        status: changes.status,
        tagNames: changes.tags && sortedTags(changes.tags),
        updatedAt: now,
        ...(edited ? { editedAt: now } : {}),
      })
      .where(eq(pollPosts.id, id));
    if (row.status === 'draft' && changes.status === 'published') {
      events.add(CONTENT_EVENTS.published, {
        actorId: viewer.id,
        target: pollRef(id),
        title: changes.question ?? row.question,
        content: changes.description ?? row.description,
      } satisfies PublishedEvent);
    }
  });
  // A poll entering the week's feed, or moving between tags, is ranked at once.
  if (changes.status !== undefined || changes.tags !== undefined) forgetTrendingPolls(ctx.db);
  return getPoll(ctx, viewer, id);
}

/**
 * Applies changes of options, type, maxChoices or closesAt, checked against the poll as it will
 * be; refused once anyone has voted. Whether there were any.
 */
async function reshapePoll(
  tx: Database,
  id: number,
  changes: PollChanges,
  now: Date,
): Promise<boolean> {
  const { options, type, maxChoices, closesAt } = changes;
  if ([options, type, maxChoices, closesAt].every((change) => change === undefined)) return false;
  const [poll] = await tx
    .select({
      type: polls.type,
      maxChoices: polls.maxChoices,
      results: polls.results,
      closesAt: polls.closesAt,
      votersCount: polls.votersCount,
    })
    .from(polls)
    .where(eq(polls.id, id))
    .for('update');
  if (!poll) throw new AppError('not_found', POLL_MESSAGES.notFound);
  if (poll.votersCount > 0) throw AppError.fields({ options: [POLL_MESSAGES.optionsLocked] });

  const nextType = type ?? poll.type;
  const nextMax =
    maxChoices !== undefined ? maxChoices : nextType === 'multiple' ? poll.maxChoices : null;
  if (nextMax !== null && nextType !== 'multiple') {
    throw AppError.fields({ maxChoices: [MAX_CHOICES_TYPE] });
  }
  if (nextMax !== null) {
    const optionsCount = options?.length ?? (await countChoices(tx, id));
    if (nextMax > optionsCount) throw AppError.fields({ maxChoices: [MAX_CHOICES_OPTIONS] });
  }
  const nextClose = closesAt !== undefined ? futureClose(closesAt, now) : poll.closesAt;
  if (poll.results === 'after_close' && nextClose === null) {
    throw AppError.fields({ closesAt: [CLOSE_FOR_RESULTS] });
  }
  await tx
    .update(polls)
    .set({ type: nextType, maxChoices: nextMax, closesAt: nextClose })
    .where(eq(polls.id, id));
  if (options) {
    // Nobody has voted, so no vote points at the old choices.
    await tx.delete(pollChoices).where(eq(pollChoices.pollId, id));
    await insertChoices(tx, id, options);
  }
  return true;
}

async function countChoices(tx: Database, pollId: number): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(pollChoices)
    .where(eq(pollChoices.pollId, pollId));
  return row?.count ?? 0;
}

/**
 * The author or staff delete a poll post with its ballots, comments, likes and bookmarks. The
 * clean-up chain's `cleanPolls` deletes its poll, and this post with it (`poll_posts.id`
 * cascades from the poll).
 */
export async function deletePoll(ctx: ContentContext, viewer: Viewer, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: pollPosts.authorId, status: pollPosts.status })
      .from(pollPosts)
      .where(eq(pollPosts.id, id))
      .for('update');
    if (!row || !canSeePoll(row, viewer)) throw new AppError('not_found', POLL_MESSAGES.notFound);
    if (row.authorId !== viewer.id && !viewer.isStaff) {
      throw new AppError('forbidden', 'Only the author or staff can delete this poll.');
    }
    await ctx.content.deleted(tx, 'poll', [id]);
  });
}

/** Locks the viewer's own poll post for a change; 404 if they cannot see it, 403 if not theirs. */
async function findOwnPoll(
  tx: Database,
  viewer: Viewer,
  id: number,
  forbidden: string,
): Promise<PollPostRow> {
  const [row] = await tx
    .select(pollPostColumns)
    .from(pollPosts)
    .where(eq(pollPosts.id, id))
    .for('update');
  if (!row || !canSeePoll(row, viewer)) throw new AppError('not_found', POLL_MESSAGES.notFound);
  if (row.authorId !== viewer.id) throw new AppError('forbidden', forbidden);
  return row;
}
