/** Polls: the one vote implementation for every kind of content with a poll, and poll posts. */
export {
  castBallot,
  cleanPolls,
  createPoll,
  findChoice,
  pollChoicesJson,
  withdrawBallot,
  type PollChoiceView,
  type PollHost,
} from './polls.service';
export { pollBallots, pollChoices, pollPosts, polls, pollVotes } from './polls.tables';
export { pollsKinds } from './polls.kinds';
export { pollsRoutes } from './polls.routes';
