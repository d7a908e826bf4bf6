import type { Poll, PollResults } from '@agora/shared';

/** Shared set-up for the poll pages' tests: a poll and its results. */

const ASKED_AT = '2026-03-01T10:00:00.000Z';

export function pollOf(overrides: Partial<Poll> = {}): Poll {
  return {
    id: 1,
    question: 'Where should the summer picnic be?',
    description: 'We have **three** parks nearby.',
    tags: ['events'],
    status: 'published',
    author: { id: 99, username: 'grace', avatar: null },
    createdAt: ASKED_AT,
    updatedAt: ASKED_AT,
    editedAt: null,
    type: 'single',
    maxChoices: null,
    results: 'always',
    voters: 'public',
    closesAt: null,
    isClosed: false,
    options: [
      { id: 11, text: 'Riverside' },
      { id: 12, text: 'Hilltop' },
      { id: 13, text: 'Old orchard' },
    ],
    votersCount: 0,
    myVote: [],
    tallies: resultsOf([0, 0, 0]),
    resultsHiddenReason: null,
    optionsEditable: true,
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
    isBookmarked: false,
    ...overrides,
  };
}

/** Results for options 11, 12, 13 with these votes, percentages of `voters` (default: sum). */
export function resultsOf(votes: number[], voters?: number): PollResults {
  const total = voters ?? votes.reduce((sum, count) => sum + count, 0);
  return {
    votersCount: total,
    options: votes.map((count, index) => ({
      id: 11 + index,
      votes: count,
      percent: total === 0 ? 0 : Math.round((count / total) * 1000) / 10,
    })),
    rounds: [],
    winners: [],
  };
}
