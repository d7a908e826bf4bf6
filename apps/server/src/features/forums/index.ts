/** The forums feature's public API. */
export { forumsRoutes } from './forums.routes';
export { forumsContext, type ForumsContext } from './forums.context';
export { discussionPath } from './discussion-path';
export { forumsKinds } from './forums.kinds';
export { searchComments } from './search.service';
export { presentCommentHit } from './search.presenter';
