/**
 * The content kernel's pieces for every kind of content (discussions, comments, polls,
 * quizzes): comments, like, bookmark and report, the tag
 * filter and tag picker (each kind passes its own tags query's data), and a feed of cards.
 *
 * Generic endpoints, keyed by `(model, id)` (see `content-api.ts`):
 * - `useToggleContentLikeMutation({ model, id })`: POST `forums/like/`.
 * - `useSetContentBookmarkMutation({ model, id, bookmarked })`: POST or DELETE
 *   `common/bookmark/`; resolves to `{ bookmarked }` for `BookmarkButton`'s `onToggle`.
 * - `useListContentCommentsInfiniteQuery({ model, id })`, `useListContentRepliesInfiniteQuery
 *   (parent)`, `useCreateContentCommentMutation({ model, id, parent?, content })`,
 *   `useUpdateContentCommentMutation`, `useDeleteContentCommentMutation`,
 *   `useLikeContentCommentMutation`: `forums/comments/`. `ContentComments` renders all of it.
 * `CommentItem` takes the thread's calls as `CommentActions`, so discussions (SPEC paths) and
 * `comments/` kinds share one comment item and one replies list.
 * A kind keeps its cached records current by calling `registerContentCache(model, patcher)`
 * once in its API module (likes, bookmarks and comment counts are then patched, not
 * refetched), and has its `liked_by_me/`, `bookmarked_by_me/` and `comment_by_me/` queries
 * provide `contentListTag(model, 'liked' | 'bookmarked' | 'commented')` so they refresh.
 */
export type { ContentModel } from './content-names';
export {
  contentListTag,
  registerContentCache,
  useCreateContentCommentMutation,
  useDeleteContentCommentMutation,
  useLikeContentCommentMutation,
  useListContentCommentsInfiniteQuery,
  useListContentRepliesInfiniteQuery,
  useSetContentBookmarkMutation,
  useToggleContentLikeMutation,
  useUpdateContentCommentMutation,
  type ContentCacheLifecycle,
  type ContentCachePatcher,
  type ContentCounters,
  type ContentRef,
} from './content-api';
export { CommentsSection, type CommentsSectionProps } from './components/comments-section';
export { ContentComments, type ContentCommentsProps } from './components/content-comments';
export { CommentItem, type CommentItemProps } from './components/comment-item';
export type { CommentActions, ThreadComment } from './components/comment-actions';
export { LikeButton, type LikeButtonProps } from './components/like-button';
export { BookmarkButton, type BookmarkButtonProps } from './components/bookmark-button';
export { ReportButton, type ReportButtonProps } from './components/report-button';
export { SignInPrompt } from './components/sign-in-prompt';
export { CardFeed, type CardFeedProps, type InfiniteCards } from './components/card-feed';
export { TAG_ROW_HEIGHT, TagFilter, type TagFilterProps } from './components/tag-filter';
export { TagPicker, type TagPickerProps } from './components/tag-picker';
export { useSignInGate } from './components/use-sign-in-gate';
