/** The forums feature's public API. */
export { forumsRoutes } from './forums.routes';
export {
  FORUMS_EVENTS,
  type CommentCreatedEvent,
  type LikedEvent,
  type PollVotedEvent,
} from './forums.events';
export { forumsContext, type ForumsContext, type Viewer } from './forums.context';
export { addBookmark, archiveDiscussion, listTagCounts, removeBookmark } from './common.service';
