import { describe, expect, it } from 'vitest';
import { instantRunoff, percentOf, pollResults, type RankedBallots } from './poll-results';

const ballots = (...groups: [string, number][]): RankedBallots[] =>
  groups.map(([ranking, count]) => ({ ranking: [...ranking].map(Number), count }));

describe('percentOf', () => {
  it('rounds to one decimal and answers 0 for an empty whole', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 8)).toBe(12.5);
  });
});

describe('pollResults for single and multiple choice', () => {
  it('divides by voters, not votes, so a multiple-choice poll may pass 100% in total', () => {
    const results = pollResults({
      type: 'multiple',
      votersCount: 4,
      options: [
        { id: 1, votes: 4 },
        { id: 2, votes: 3 },
        { id: 3, votes: 0 },
      ],
      ballots: [],
    });
    expect(results).toEqual({
      votersCount: 4,
      options: [
        { id: 1, votes: 4, percent: 100 },
        { id: 2, votes: 3, percent: 75 },
        { id: 3, votes: 0, percent: 0 },
      ],
      rounds: [],
      winners: [1],
    });
  });

  it('names every option tied for the most votes as a winner', () => {
    const results = pollResults({
      type: 'single',
      votersCount: 4,
      options: [
        { id: 7, votes: 2 },
        { id: 8, votes: 2 },
        { id: 9, votes: 0 },
      ],
      ballots: [],
    });
    expect(results.winners).toEqual([7, 8]);
    expect(results.options.map((option) => option.percent)).toEqual([50, 50, 0]);
  });

  it('has no winner and zero percentages before the first vote', () => {
    const results = pollResults({
      type: 'single',
      votersCount: 0,
      options: [
        { id: 1, votes: 0 },
        { id: 2, votes: 0 },
      ],
      ballots: [],
    });
    expect(results).toEqual({
      votersCount: 0,
      options: [
        { id: 1, votes: 0, percent: 0 },
        { id: 2, votes: 0, percent: 0 },
      ],
      rounds: [],
      winners: [],
    });
  });
});

describe('instantRunoff', () => {
  it('stops after the first round when an option has a majority', () => {
    expect(instantRunoff([1, 2, 3], ballots(['12', 3], ['21', 1], ['3', 1]))).toEqual({
      rounds: [
        {
          tallies: [
            { id: 1, votes: 3 },
            { id: 2, votes: 1 },
            { id: 3, votes: 1 },
          ],
          eliminated: [],
        },
      ],
      winners: [1],
    });
  });

  it('eliminates the last option and moves its ballots to their next preference', () => {
    // 1: 4 first preferences, 2: 3, 3: 2 whose second choice is 2.
    const result = instantRunoff([1, 2, 3], ballots(['1', 4], ['2', 3], ['32', 2]));
    expect(result.rounds).toEqual([
      {
        tallies: [
          { id: 1, votes: 4 },
          { id: 2, votes: 3 },
          { id: 3, votes: 2 },
        ],
        eliminated: [3],
      },
      {
        tallies: [
          { id: 1, votes: 4 },
          { id: 2, votes: 5 },
        ],
        eliminated: [],
      },
    ]);
    expect(result.winners).toEqual([2]);
  });

  it('eliminates options tied for the fewest votes together, unvoted ones included', () => {
    const result = instantRunoff(
      [1, 2, 3, 4, 5],
      ballots(['1', 3], ['2', 2], ['31', 1], ['42', 1]),
    );
    expect(result.rounds[0]).toEqual({
      tallies: [
        { id: 1, votes: 3 },
        { id: 2, votes: 2 },
        { id: 3, votes: 1 },
        { id: 4, votes: 1 },
        { id: 5, votes: 0 },
      ],
      eliminated: [5],
    });
    expect(result.rounds[1]?.eliminated).toEqual([3, 4]);
    expect(result.rounds[2]).toEqual({
      tallies: [
        { id: 1, votes: 4 },
        { id: 2, votes: 3 },
      ],
      eliminated: [],
    });
    expect(result.winners).toEqual([1]);
  });

  it('counts a majority of the ballots still counting once others are exhausted', () => {
    // The two ballots for 3 rank nothing else: after round 1 they no longer count, and 1 has
    // 4 of the 7 ballots left, a majority, though not of all 9 voters.
    const result = instantRunoff([1, 2, 3], ballots(['1', 4], ['2', 3], ['3', 2]));
    expect(result.rounds).toHaveLength(2);
    expect(result.rounds[0]?.eliminated).toEqual([3]);
    expect(result.rounds[1]).toEqual({
      tallies: [
        { id: 1, votes: 4 },
        { id: 2, votes: 3 },
      ],
      eliminated: [],
    });
    expect(result.winners).toEqual([1]);
  });

  it('declares every option left a winner when they end exactly tied', () => {
    const result = instantRunoff([1, 2, 3], ballots(['13', 2], ['23', 2]));
    expect(result.rounds).toEqual([
      {
        tallies: [
          { id: 1, votes: 2 },
          { id: 2, votes: 2 },
          { id: 3, votes: 0 },
        ],
        eliminated: [3],
      },
      {
        tallies: [
          { id: 1, votes: 2 },
          { id: 2, votes: 2 },
        ],
        eliminated: [],
      },
    ]);
    expect(result.winners).toEqual([1, 2]);
  });

  it('has no rounds and no winner without ballots', () => {
    expect(instantRunoff([1, 2], [])).toEqual({ rounds: [], winners: [] });
  });

  it('declares a tie of every option in the first round a shared win', () => {
    expect(instantRunoff([1, 2, 3], ballots(['1', 1], ['2', 1], ['3', 1]))).toEqual({
      rounds: [
        {
          tallies: [
            { id: 1, votes: 1 },
            { id: 2, votes: 1 },
            { id: 3, votes: 1 },
          ],
          eliminated: [],
        },
      ],
      winners: [1, 2, 3],
    });
  });

  it('runs a longer count round by round to the end', () => {
    // A classic example: 5 options, 21 ballots.
    const result = instantRunoff(
      [1, 2, 3, 4, 5],
      ballots(['1234', 6], ['2134', 5], ['3214', 4], ['4321', 3], ['5432', 3]),
    );
    expect(result.rounds.map((round) => round.eliminated)).toEqual([[4, 5], [2], []]);
    // Round 2: the ballots of 4 and of 5 (whose next choice, 4, is out too) go to 3.
    expect(result.rounds[1]?.tallies).toEqual([
      { id: 1, votes: 6 },
      { id: 2, votes: 5 },
      { id: 3, votes: 10 },
    ]);
    // Round 3: the five ballots of 2 go to 1, which has 11 of 21.
    expect(result.rounds[2]?.tallies).toEqual([
      { id: 1, votes: 11 },
      { id: 3, votes: 10 },
    ]);
    expect(result.winners).toEqual([1]);
  });
});

describe('pollResults for ranked choice', () => {
  it('shows first preferences per option, percent of ballots, and the runoff', () => {
    const results = pollResults({
      type: 'ranked',
      votersCount: 9,
      // Counters of ballots ranking each option at any place: not what a ranked poll shows.
      options: [
        { id: 1, votes: 4 },
        { id: 2, votes: 7 },
        { id: 3, votes: 2 },
      ],
      ballots: ballots(['1', 4], ['2', 3], ['32', 2]),
    });
    expect(results.votersCount).toBe(9);
    expect(results.options).toEqual([
      { id: 1, votes: 4, percent: 44.4 },
      { id: 2, votes: 3, percent: 33.3 },
      { id: 3, votes: 2, percent: 22.2 },
    ]);
    expect(results.rounds).toHaveLength(2);
    expect(results.winners).toEqual([2]);
  });

  it('shows zeros and no rounds before the first ballot', () => {
    const results = pollResults({
      type: 'ranked',
      votersCount: 0,
      options: [
        { id: 1, votes: 0 },
        { id: 2, votes: 0 },
      ],
      ballots: [],
    });
    expect(results).toEqual({
      votersCount: 0,
      options: [
        { id: 1, votes: 0, percent: 0 },
        { id: 2, votes: 0, percent: 0 },
      ],
      rounds: [],
      winners: [],
    });
  });
});
