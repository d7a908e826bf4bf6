import { POLL_MESSAGES, type PollBallot, type ZVotedByQuery } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../platform/auth';
import {
  CONTENT_EVENTS,
  type ContentContext,
  type CountsChangedEvent,
} from '../../platform/content';
import { AppError, NON_FIELD_ERRORS } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, timestampKey, type Page } from '../../platform/pagination';
import { authorCard, authorColumns, users } from '../users';
import { getPoll } from './poll-posts.service';
import type { PollView } from './poll-posts.loader';
import { canSeePoll, isClosed, resultsHiddenReason } from './poll-rules';
import type { VoterView } from './polls.presenter';
import { pollKind } from './polls.kinds';
import type { CastVote } from './poll-vote-batches';
import { withdrawBallot, type BallotBox } from './polls.service';
import { pollBallots, pollChoices, pollPosts, polls, pollVotes } from './polls.tables';

const UNKNOWN_OPTION = 'Choose among the options of this poll.';

/**
 * The ballot fits the poll as it stands inside the voting transaction: open at the server's
 * clock now, options of this poll, as many as its type allows. Throws the 400 otherwise.
 */
function checkBallot(box: BallotBox, choices: number[], now: Date): void {
  if (isClosed(box.closesAt, now)) throw AppError.fields({ poll: [POLL_MESSAGES.closed] });
  const options = new Set(box.choiceIds);
  if (choices.some((id) => !options.has(id))) throw AppError.fields({ choices: [UNKNOWN_OPTION] });
  if (box.type === 'single' && choices.length !== 1) {
    throw AppError.fields({ choices: ['Choose exactly one option.'] });
  }
  const most = box.maxChoices ?? box.choiceIds.length;
  if (box.type === 'multiple' && choices.length > most) {
    throw AppError.fields({
      choices: [most === 1 ? 'Choose one option.' : `Choose at most ${most} options.`],
    });
  }
}

/**
 * Casts the viewer's ballot, or replaces it while the poll is open (their own poll too), through
 * the vote batches (`poll-vote-batches.ts`). The owner hears of it, without a name when the poll
 * is anonymous; watchers see the counts move.
 */
export async function votePoll(
  ctx: ContentContext,
  castVote: CastVote,
  viewer: Viewer,
  ballot: PollBallot,
): Promise<PollView> {
  return castVote(viewer, ballot, (box) => checkBallot(box, ballot.choices, ctx.now()));
}

/** Withdraws the viewer's ballot while the poll is open; without one, nothing changes. */
export async function withdrawVote(
  ctx: ContentContext,
  viewer: Viewer,
  pollId: number,
): Promise<PollView> {
  const target = await pollKind.findLive(ctx.db, pollId);
  if (!target) throw new AppError('not_found', POLL_MESSAGES.notFound);
  const changed = await withdrawBallot(ctx.db, {
    pollId,
    memberId: viewer.id,
    admit: (box) => {
      if (isClosed(box.closesAt, ctx.now())) {
        throw AppError.fields({ [NON_FIELD_ERRORS]: [POLL_MESSAGES.closed] });
      }
    },
  });
  if (changed) {
    await ctx.events.publish(CONTENT_EVENTS.countsChanged, {
      target: { model: target.ref.model, id: pollId },
    } satisfies CountsChangedEvent);
  }
  return getPoll(ctx, viewer, pollId);
}

/** Latest ballots first; a member's place moves when they change their vote. */
const latestBallots = keyset({
  votedAt: timestampKey(pollBallots.updatedAt),
  userId: integerKey(pollBallots.userId),
});

/**
 * Who chose `option`, for a public poll whose results the viewer may see: an anonymous poll
 * names nobody, not even to its author (403), and results the viewer may not see yet are not
 * leaked through their voters either (403 with the reason).
 */
export async function listVoters(
  ctx: ContentContext,
  viewer: Viewer | null,
  pollId: number,
  query: z.output<typeof ZVotedByQuery>,
): Promise<Page<VoterView>> {
  const hasVoted =
    viewer === null
      ? sql<boolean>`false`
      : sql<boolean>`exists(select 1 from ${pollBallots} where ${pollBallots.pollId} = ${pollPosts.id} and ${pollBallots.userId} = ${viewer.id})`;
  const [poll] = await ctx.db
    .select({
      status: pollPosts.status,
      authorId: pollPosts.authorId,
      type: polls.type,
      results: polls.results,
      voters: polls.voters,
      closesAt: polls.closesAt,
      hasVoted,
      optionFound: sql<boolean>`exists(select 1 from ${pollChoices} where ${pollChoices.pollId} = ${pollPosts.id} and ${pollChoices.id} = ${query.option})`,
    })
    .from(pollPosts)
    .innerJoin(polls, eq(polls.id, pollPosts.id))
    .where(eq(pollPosts.id, pollId));
  if (!poll || !canSeePoll(poll, viewer)) throw new AppError('not_found', POLL_MESSAGES.notFound);
  if (poll.voters === 'anonymous') throw new AppError('forbidden', POLL_MESSAGES.anonymous);
  const hidden = resultsHiddenReason(poll, poll.hasVoted, ctx.now());
  if (hidden !== null) throw new AppError('forbidden', hidden);
  if (!poll.optionFound) throw AppError.fields({ option: [UNKNOWN_OPTION] });

  const rows = await ctx.db
    .select({ user: authorColumns, votedAt: pollBallots.updatedAt, rank: pollVotes.rank })
    .from(pollVotes)
    .innerJoin(
      pollBallots,
      and(eq(pollBallots.pollId, pollVotes.pollId), eq(pollBallots.userId, pollVotes.userId)),
    )
    .innerJoin(users, eq(users.id, pollVotes.userId))
    .where(
      and(
        eq(pollVotes.pollId, pollId),
        eq(pollVotes.choiceId, query.option),
        latestBallots.afterCursor(query.cursor),
      ),
    )
    .orderBy(...latestBallots.orderBy)
    .limit(fetchLimit(query.limit));
  const page = latestBallots.page(rows, query.limit, (row) => ({
    votedAt: row.votedAt,
    userId: row.user.id,
  }));
  return {
    rows: page.rows.map((row) => ({
      user: authorCard(ctx.storage, row.user),
      votedAt: row.votedAt,
      rank: poll.type === 'ranked' ? row.rank + 1 : null,
    })),
    next: page.next,
  };
}
