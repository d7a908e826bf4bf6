import type { PollResults } from '@agora/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LiveView } from '../../platform/content';
import type { Database } from '../../platform/db';
import { loadRankedBallots, resultsOf } from './poll-posts.loader';
import { resultsHiddenReason } from './poll-rules';
import { pollBallots, pollChoices, pollPosts, polls } from './polls.tables';

/**
 * What the watchers of a poll post see live (`ContentKind.live`): its counters, and the tallies
 * for each watcher under the same rule as every HTTP answer (`resultsHiddenReason`). Up to three
 * queries whatever the number of watchers: the poll, which watchers have a ballot, and for a
 * ranked poll whose results someone may see, its ballots. Only a poll everyone may see (published
 * or archived) has a live view. Kinds get no clock, so the closing time is compared with the
 * wall clock.
 */
export async function pollLive(
  db: Database,
  id: number,
  viewerIds: number[],
): Promise<LiveView | undefined> {
  const [poll] = await db
    .select({
      type: polls.type,
      results: polls.results,
      closesAt: polls.closesAt,
      votersCount: polls.votersCount,
      likesCount: pollPosts.likesCount,
      commentsCount: pollPosts.commentsCount,
      options: sql<{ id: number; votes: number }[]>`coalesce((
        select json_agg(json_build_object('id', ${pollChoices.id}, 'votes', ${pollChoices.votesCount})
          order by ${pollChoices.position})
        from ${pollChoices} where ${pollChoices.pollId} = ${polls.id}
      ), '[]'::json)`,
    })
    .from(pollPosts)
    .innerJoin(polls, eq(polls.id, pollPosts.id))
    .where(and(eq(pollPosts.id, id), inArray(pollPosts.status, ['published', 'archived'])));
  if (!poll) return undefined;

  const voters = new Set(
    viewerIds.length === 0
      ? []
      : (
          await db
            .select({ userId: pollBallots.userId })
            .from(pollBallots)
            .where(and(eq(pollBallots.pollId, id), inArray(pollBallots.userId, viewerIds)))
        ).map((row) => row.userId),
  );
  const now = new Date();
  const mayShow = (viewerId: number | null) =>
    resultsHiddenReason(poll, viewerId !== null && voters.has(viewerId), now) === null;
  const anyoneSees = mayShow(null) || [...voters].some(mayShow);
  const ballots =
    poll.type === 'ranked' && anyoneSees ? await loadRankedBallots(db, [id]) : new Map();
  const results: PollResults | undefined = anyoneSees
    ? resultsOf(
        { id, type: poll.type, votersCount: poll.votersCount, options: poll.options },
        ballots,
      )
    : undefined;
  return {
    counts: {
      votersCount: poll.votersCount,
      likesCount: poll.likesCount,
      commentsCount: poll.commentsCount,
    },
    talliesFor: (viewerId) => (mayShow(viewerId) ? results : undefined),
  };
}
