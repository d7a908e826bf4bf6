import type {
  BookmarkAdded,
  ContentComment,
  ContentCommentPage,
  CreateReport,
  LikeResult,
  Report,
} from '@agora/shared';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import type { ContentModel } from './content-names';

const FORUMS = '/api/forums';
const COMMON = '/api/common';

/** One object of any kind, as the kernel's generic endpoints name it. */
export interface ContentRef {
  model: ContentModel;
  id: number;
}

/** The counters every kind's record carries, which the generic mutations change. */
export interface ContentCounters {
  likesCount: number;
  isLiked: boolean;
  isBookmarked: boolean;
  commentsCount: number;
}

/** What a query lifecycle offers for editing the cache. */
export interface ContentCacheLifecycle {
  dispatch: AppDispatch;
  getState: () => Parameters<typeof api.util.selectInvalidatedBy>[0];
}

/**
 * Applies `recipe` to object `id` wherever its kind caches it; returns a function that undoes
 * the change. A kind registers one so a like, bookmark or comment shows at once without a
 * refetch.
 */
export type ContentCachePatcher = (
  lifecycle: ContentCacheLifecycle,
  id: number,
  recipe: (item: ContentCounters) => void,
) => () => void;

const patchers = new Map<ContentModel, ContentCachePatcher>();

/**
 * A kind's API module (e.g. `polls-api.ts`) registers how its cached objects are patched; the
 * generic mutations below then keep its pages current. A kind without one sees no patch.
 */
export function registerContentCache(model: ContentModel, patcher: ContentCachePatcher): void {
  patchers.set(model, patcher);
}

function patchContent(
  lifecycle: ContentCacheLifecycle,
  { model, id }: ContentRef,
  recipe: (item: ContentCounters) => void,
): () => void {
  return patchers.get(model)?.(lifecycle, id, recipe) ?? (() => undefined);
}

/**
 * The tag of a kind's member list (`ContentList`, `poll:liked`…): a kind's `liked_by_me/`,
 * `bookmarked_by_me/` and `comment_by_me/` queries provide it so the generic mutations refresh
 * them.
 */
export const contentListTag = (model: ContentModel, list: 'liked' | 'bookmarked' | 'commented') =>
  ({ type: 'ContentList', id: `${model}:${list}` }) as const;

const commentsTag = ({ model, id }: ContentRef) =>
  ({ type: 'ContentComments', id: `${model}:${id}` }) as const;
const repliesTag = (parent: number) => ({ type: 'ContentReplies', id: parent }) as const;

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

/**
 * What every kind of content shares through the kernel's generic endpoints, keyed by
 * `(model, id)`. A report refreshes the staff's review queue (the moderation feature's tag).
 */
export const contentApi = api
  .enhanceEndpoints({
    addTagTypes: ['ReportQueue', 'ContentComments', 'ContentReplies', 'ContentList'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** POST /api/forums/report/. */
      createReport: build.mutation<Report, CreateReport>({
        query: (data) => ({ url: `${FORUMS}/report/`, method: 'POST', data }),
        invalidatesTags: (_data, error) => (error ? [] : ['ReportQueue']),
      }),

      /** POST /api/forums/like/: toggles the viewer's like, optimistically. */
      toggleContentLike: build.mutation<LikeResult, ContentRef>({
        query: (data) => ({ url: `${FORUMS}/like/`, method: 'POST', data }),
        async onQueryStarted(ref, lifecycle) {
          const undo = patchContent(lifecycle, ref, (item) => {
            item.likesCount += item.isLiked ? -1 : 1;
            item.isLiked = !item.isLiked;
          });
          try {
            const { data } = await lifecycle.queryFulfilled;
            patchContent(lifecycle, ref, (item) => {
              item.isLiked = data.liked;
              item.likesCount = data.likesCount;
            });
          } catch {
            undo();
          }
        },
        invalidatesTags: (_data, error, { model }) =>
          error ? [] : [contentListTag(model, 'liked')],
      }),

      /**
       * POST (add) or DELETE (remove) /api/common/bookmark/; answers the new state so the
       * `BookmarkButton` can say what happened.
       */
      setContentBookmark: build.mutation<
        { bookmarked: boolean },
        ContentRef & { bookmarked: boolean }
      >({
        query: ({ model, id, bookmarked }) => ({
          url: `${COMMON}/bookmark/`,
          method: bookmarked ? 'POST' : 'DELETE',
          data: { model, id },
        }),
        transformResponse: (data: BookmarkAdded, _meta, { bookmarked }) =>
          bookmarked ? data : { bookmarked: false },
        async onQueryStarted({ bookmarked, ...ref }, lifecycle) {
          const undo = patchContent(lifecycle, ref, (item) => {
            item.isBookmarked = bookmarked;
          });
          try {
            await lifecycle.queryFulfilled;
          } catch {
            undo();
          }
        },
        invalidatesTags: (_data, error, { model }) =>
          error ? [] : [contentListTag(model, 'bookmarked')],
      }),

      /** GET /api/forums/comments/?model=&id=: an object's comments, oldest first. */
      listContentComments: build.infiniteQuery<ContentCommentPage, ContentRef, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/comments/`,
          params: { ...queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (_data, _error, ref) => [commentsTag(ref)],
      }),

      /** GET /api/forums/comments/?parent=: a comment's replies, oldest first. */
      listContentReplies: build.infiniteQuery<ContentCommentPage, number, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/comments/`,
          params: { parent: queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (_data, _error, parent) => [repliesTag(parent)],
      }),

      /**
       * POST /api/forums/comments/: a comment on `(model, id)`, or with `parent` a reply to it
       * (the object is still named so its comment count moves).
       */
      createContentComment: build.mutation<
        ContentComment,
        ContentRef & { parent?: number; content: string }
      >({
        query: ({ model, id, parent, content }) => ({
          url: `${FORUMS}/comments/`,
          method: 'POST',
          data: parent === undefined ? { model, id, content } : { parent, content },
        }),
        async onQueryStarted({ model, id, parent }, lifecycle) {
          await lifecycle.queryFulfilled;
          patchContent(lifecycle, { model, id }, (item) => {
            item.commentsCount += 1;
          });
          if (parent !== undefined) {
            patchComment(lifecycle, { id: parent, model, objectId: id, parent: null }, (cached) => {
              cached.repliesCount += 1;
            });
          }
        },
        invalidatesTags: (_data, error, { model, id, parent }) =>
          error
            ? []
            : [
                parent === undefined ? commentsTag({ model, id }) : repliesTag(parent),
                contentListTag(model, 'commented'),
              ],
      }),

      /** PUT /api/forums/comments/{id}/: the author edits a comment or reply. */
      updateContentComment: build.mutation<
        ContentComment,
        { comment: ContentComment; content: string }
      >({
        query: ({ comment, content }) => ({
          url: `${FORUMS}/comments/${comment.id}/`,
          method: 'PUT',
          data: { content },
        }),
        async onQueryStarted({ comment }, lifecycle) {
          const { data } = await lifecycle.queryFulfilled;
          patchComment(lifecycle, comment, (cached) => {
            Object.assign(cached, data);
          });
        },
      }),

      /** DELETE /api/forums/comments/{id}/: a comment with replies stays as "[deleted]". */
      deleteContentComment: build.mutation<unknown, ContentComment>({
        query: (comment) => ({ url: `${FORUMS}/comments/${comment.id}/`, method: 'DELETE' }),
        async onQueryStarted(comment, lifecycle) {
          await lifecycle.queryFulfilled;
          patchContent(lifecycle, { model: comment.model, id: comment.objectId }, (item) => {
            item.commentsCount = Math.max(0, item.commentsCount - 1);
          });
          if (comment.parent !== null) {
            patchComment(lifecycle, { ...comment, id: comment.parent, parent: null }, (parent) => {
              parent.repliesCount = Math.max(0, parent.repliesCount - 1);
            });
          }
        },
        invalidatesTags: (_data, error, comment) =>
          error
            ? []
            : [
                comment.parent === null
                  ? commentsTag({ model: comment.model, id: comment.objectId })
                  : repliesTag(comment.parent),
                contentListTag(comment.model, 'commented'),
              ],
      }),

      /** POST /api/forums/like/ for a comment (`comment`) or reply (`subcomment`). */
      likeContentComment: build.mutation<LikeResult, ContentComment>({
        query: (comment) => ({
          url: `${FORUMS}/like/`,
          method: 'POST',
          data: { model: comment.parent === null ? 'comment' : 'subcomment', id: comment.id },
        }),
        async onQueryStarted(comment, lifecycle) {
          const undo = patchComment(lifecycle, comment, (cached) => {
            cached.likesCount += cached.isLiked ? -1 : 1;
            cached.isLiked = !cached.isLiked;
          });
          try {
            const { data } = await lifecycle.queryFulfilled;
            patchComment(lifecycle, comment, (cached) => {
              cached.isLiked = data.liked;
              cached.likesCount = data.likesCount;
            });
          } catch {
            undo();
          }
        },
      }),
    }),
  });

/**
 * Applies `recipe` to a cached comment (in its object's comments) or reply (in its comment's
 * replies). Returns a function that undoes the change.
 */
function patchComment(
  { dispatch }: ContentCacheLifecycle,
  comment: Pick<ContentComment, 'id' | 'model' | 'objectId' | 'parent'>,
  recipe: (comment: ContentComment) => void,
): () => void {
  const patchPages = (data: { pages: ContentCommentPage[] }) => {
    for (const page of data.pages) {
      for (const item of page.results) if (item.id === comment.id) recipe(item);
    }
  };
  const { updateQueryData } = contentApi.util;
  const patch =
    comment.parent === null
      ? dispatch(
          updateQueryData(
            'listContentComments',
            { model: comment.model, id: comment.objectId },
            patchPages,
          ),
        )
      : dispatch(updateQueryData('listContentReplies', comment.parent, patchPages));
  return () => patch.undo();
}

export const {
  useCreateReportMutation,
  useToggleContentLikeMutation,
  useSetContentBookmarkMutation,
  useListContentCommentsInfiniteQuery,
  useListContentRepliesInfiniteQuery,
  useCreateContentCommentMutation,
  useUpdateContentCommentMutation,
  useDeleteContentCommentMutation,
  useLikeContentCommentMutation,
} = contentApi;
