import type { PollResults, PollRound, PollType } from '@agora/shared';

/**
 * A poll's results from its counts, with no database in sight: the same function serves the
 * HTTP answers and the live socket, and is tested on its own.
 */

/** An option with the ballots that mark it (for a ranked poll: at any rank). */
export interface OptionCount {
  id: number;
  votes: number;
}

/** Ballots that rank the options in the same order, most preferred first. */
export interface RankedBallots {
  ranking: number[];
  count: number;
}

/** What the results are computed from. */
export interface PollCounts {
  type: PollType;
  /** Members with a ballot. */
  votersCount: number;
  /** Every option, in the poll's order. */
  options: OptionCount[];
  /** Ranked polls only: the ballots grouped by ranking. */
  ballots: RankedBallots[];
}

/** `part` of `whole` in percent, with one decimal; 0 when there is no whole. */
export const percentOf = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/** The options with the most votes: several on a tie, none when nobody voted. */
function leaders(tallies: OptionCount[]): number[] {
  const most = Math.max(0, ...tallies.map((tally) => tally.votes));
  return most === 0 ? [] : tallies.filter((tally) => tally.votes === most).map(({ id }) => id);
}

/**
 * Instant runoff: each round counts every ballot for its most preferred option still in the
 * count; an option with more than half of those ballots wins; otherwise the options with the
 * fewest votes go out together (so an exact tie at the bottom never needs a coin) and their
 * ballots move on. When every option left has the same number of votes they win together.
 * Ballots whose options have all gone out are exhausted and count no more, so a majority is
 * one of the ballots still counting.
 */
export function instantRunoff(
  optionIds: number[],
  ballots: RankedBallots[],
): { rounds: PollRound[]; winners: number[] } {
  const rounds: PollRound[] = [];
  let continuing = new Set(optionIds);
  while (continuing.size > 0) {
    const votes = new Map([...continuing].map((id) => [id, 0]));
    for (const { ranking, count } of ballots) {
      const choice = ranking.find((id) => continuing.has(id));
      if (choice !== undefined) votes.set(choice, (votes.get(choice) ?? 0) + count);
    }
    const tallies = optionIds
      .filter((id) => continuing.has(id))
      .map((id) => ({ id, votes: votes.get(id) ?? 0 }));
    const counting = tallies.reduce((sum, tally) => sum + tally.votes, 0);
    if (counting === 0) return { rounds, winners: [] };
    const majority = tallies.find((tally) => tally.votes * 2 > counting);
    const fewest = Math.min(...tallies.map((tally) => tally.votes));
    const last = tallies.filter((tally) => tally.votes === fewest).map(({ id }) => id);
    if (majority || last.length === tallies.length) {
      rounds.push({ tallies, eliminated: [] });
      return { rounds, winners: majority ? [majority.id] : last };
    }
    rounds.push({ tallies, eliminated: last });
    continuing = new Set(tallies.filter((tally) => tally.votes > fewest).map(({ id }) => id));
  }
  return { rounds, winners: [] };
}

/**
 * The results as the API shows them. Percentages divide by voters, not votes: in a multiple
 * choice poll they may add up to more than 100. A ranked poll's options count first
 * preferences, and its winners come from the runoff.
 */
export function pollResults(counts: PollCounts): PollResults {
  const { votersCount } = counts;
  if (counts.type !== 'ranked') {
    return {
      votersCount,
      options: counts.options.map(({ id, votes }) => ({
        id,
        votes,
        percent: percentOf(votes, votersCount),
      })),
      rounds: [],
      winners: leaders(counts.options),
    };
  }
  const firsts = new Map<number, number>();
  let ballotsCount = 0;
  for (const { ranking, count } of counts.ballots) {
    const first = ranking[0];
    if (first === undefined) continue;
    firsts.set(first, (firsts.get(first) ?? 0) + count);
    ballotsCount += count;
  }
  const optionIds = counts.options.map(({ id }) => id);
  const { rounds, winners } = instantRunoff(optionIds, counts.ballots);
  return {
    votersCount: ballotsCount,
    options: optionIds.map((id) => {
      const votes = firsts.get(id) ?? 0;
      return { id, votes, percent: percentOf(votes, ballotsCount) };
    }),
    rounds,
    winners,
  };
}
