import { POLL_MESSAGES, type PollResultsVisibility } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { pollPosts } from './polls.tables';

/** Who may see a poll post and its results: asked by every answer, HTTP and live alike. */

/** A poll post members can see in lists and act on. */
export const isPollPublished = sql`${pollPosts.status} = 'published'`;

/** Published and archived polls are public; drafts only their author's; hidden also staff's. */
export function canSeePoll(
  row: { status: string; authorId: number },
  viewer: Viewer | null,
): boolean {
  if (row.status === 'published' || row.status === 'archived') return true;
  if (row.authorId === viewer?.id) return true;
  return row.status === 'hidden' && viewer?.isStaff === true;
}

/** The poll takes no more ballots. */
export const isClosed = (closesAt: Date | null, now: Date): boolean =>
  closesAt !== null && closesAt.getTime() <= now.getTime();

/**
 * Why the viewer may not see the results yet, or null when they may. `after_vote` shows them
 * to members with a ballot, and to everyone once the poll has closed (nobody can vote then to
 * earn them); `after_close` once the poll has closed. The author follows the same rule as
 * everyone: a poll that hides its results until the close hides them from its author too, so
 * nobody can read the trend and act on it (steer the discussion, close early).
 */
export function resultsHiddenReason(
  poll: { results: PollResultsVisibility; closesAt: Date | null },
  hasVoted: boolean,
  now: Date,
): string | null {
  if (poll.results === 'always' || isClosed(poll.closesAt, now)) return null;
  if (poll.results === 'after_vote') return hasVoted ? null : POLL_MESSAGES.resultsAfterVote;
  return POLL_MESSAGES.resultsAfterClose;
}
