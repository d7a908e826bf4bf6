/** Comments and replies on every kind of content. */
export { commentsRoutes } from './comments.routes';
export { cleanComments, commentKinds } from './comments.kinds';
export { presentComment } from './comments.presenter';
export {
  COMMENT_NOT_FOUND,
  createComment,
  createReply,
  deleteComment,
  listComments,
  listReplies,
  updateComment,
  type CommentKind,
  type CommentView,
} from './comments.service';
export { commentColumns, comments, type CommentRow } from './comments.tables';
export { countMemberComments } from './member-comments.service';
