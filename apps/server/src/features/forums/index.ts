/** The forums feature's public API. */
export { forumsRoutes } from './forums.routes';
export { forumsContext, type ForumsContext } from './forums.context';
export { archiveDiscussion, listTagCounts } from './common.service';
export { discussionPath } from './discussion-path';
export { presentDiscussion } from './discussions.presenter';
export type { DiscussionView } from './discussions.loader';
export { loadDiscussions, publishedDiscussionIds } from './discussion-refs.service';
export { forumsKinds } from './forums.kinds';
export { searchContent } from './search.service';
export { presentCommentHit, presentDiscussionHit } from './search.presenter';
export { listTrending } from './trending.service';
