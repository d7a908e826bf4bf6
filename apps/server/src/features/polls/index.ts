/** Polls and their one vote implementation, for every kind of content that has a poll. */
export {
  castBallot,
  cleanPolls,
  createPoll,
  findChoice,
  pollChoicesJson,
  type PollChoiceView,
  type PollHost,
} from './polls.service';
export { pollBallots, pollChoices, polls, pollVotes } from './polls.tables';
