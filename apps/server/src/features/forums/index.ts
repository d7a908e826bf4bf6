/** The forums feature's public API. */
export { forumsRoutes } from './forums.routes';
export {
  FORUMS_EVENTS,
  type CommentCreatedEvent,
  type DiscussionPublishedEvent,
  type LikedEvent,
  type PollVotedEvent,
} from './forums.events';
export { forumsContext, type ForumsContext } from './forums.context';
export { addBookmark, archiveDiscussion, listTagCounts, removeBookmark } from './common.service';
export { discussionPath } from './discussion-path';
export { presentDiscussion } from './discussions.presenter';
export type { DiscussionView } from './discussions.loader';
export {
  discussionStatus,
  loadDiscussions,
  publishedDiscussionIds,
} from './discussion-refs.service';
export {
  hideContent,
  lockReportable,
  lockReported,
  restoreContent,
  summariseContent,
  type ContentSummary,
} from './reported-content.service';
export { searchContent } from './search.service';
export { presentCommentHit, presentDiscussionHit } from './search.presenter';
export { listTrending } from './trending.service';
