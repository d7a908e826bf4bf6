import type { Author, Poll, PollVoter } from '@agora/shared';
import type { PollView } from './poll-posts.loader';

/**
 * A poll post in its API shape. Its tallies are in it only when the viewer may see them
 * (`view.tallies` is null otherwise): options carry their id and text, never their counts.
 */
export function presentPoll(view: PollView): Poll {
  const { row, poll } = view;
  return {
    id: row.id,
    question: row.question,
    description: row.description,
    tags: row.tagNames,
    status: row.status,
    author: view.author,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    type: poll.type,
    maxChoices: poll.maxChoices,
    results: poll.results,
    voters: poll.voters,
    closesAt: poll.closesAt?.toISOString() ?? null,
    isClosed: view.isClosed,
    options: view.options,
    votersCount: poll.votersCount,
    myVote: view.myVote,
    tallies: view.tallies,
    resultsHiddenReason: view.hiddenReason,
    optionsEditable: poll.votersCount === 0,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    isLiked: view.isLiked,
    isBookmarked: view.isBookmarked,
  };
}

/** A member who chose an option, with where they ranked it in a ranked poll. */
export interface VoterView {
  user: Author;
  votedAt: Date;
  /** 1 for a first preference; null unless the poll is ranked. */
  rank: number | null;
}

export function presentVoter(view: VoterView): PollVoter {
  return { user: view.user, votedAt: view.votedAt.toISOString(), rank: view.rank };
}
