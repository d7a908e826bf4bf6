import type { Comment, CommentPage, LikeResult } from '@agora/shared';

import { applyDiscussionPatch, forumsApi } from './forums-api';
import type { CacheLifecycle } from './forums-api';

const FORUMS = '/api/forums';

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

const pathOf = (comment: Pick<Comment, 'id' | 'parent'>) =>
  `${FORUMS}/${comment.parent === null ? 'forums-comment' : 'forums-sub-comment'}/${comment.id}/`;

/** Comments and replies of a discussion: their own lists, keyed by discussion and by comment. */
export const commentsApi = forumsApi.injectEndpoints({
  endpoints: (build) => ({
    listComments: build.infiniteQuery<CommentPage, number, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg, pageParam }) => ({
        url: `${FORUMS}/forums-comment/`,
        params: { forum: queryArg, cursor: pageParam ?? undefined },
      }),
      providesTags: (_data, _error, forum) => [{ type: 'Comments', id: forum }],
    }),

    listReplies: build.infiniteQuery<CommentPage, number, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg, pageParam }) => ({
        url: `${FORUMS}/forums-sub-comment/`,
        params: { comment: queryArg, cursor: pageParam ?? undefined },
      }),
      providesTags: (_data, _error, comment) => [{ type: 'Replies', id: comment }],
    }),

    createComment: build.mutation<Comment, { forum: number; content: string }>({
      query: (data) => ({ url: `${FORUMS}/forums-comment/`, method: 'POST', data }),
      async onQueryStarted({ forum }, lifecycle) {
        await lifecycle.queryFulfilled;
        applyDiscussionPatch(lifecycle, forum, (discussion) => {
          discussion.commentsCount += 1;
        });
      },
      invalidatesTags: (_data, error, { forum }) =>
        error
          ? []
          : [
              { type: 'Comments', id: forum },
              { type: 'DiscussionList', id: 'commented' },
            ],
    }),

    createReply: build.mutation<Comment, { forum: number; comment: number; content: string }>({
      query: ({ comment, content }) => ({
        url: `${FORUMS}/forums-sub-comment/`,
        method: 'POST',
        data: { comment, content },
      }),
      async onQueryStarted({ forum, comment }, lifecycle) {
        await lifecycle.queryFulfilled;
        applyDiscussionPatch(lifecycle, forum, (discussion) => {
          discussion.commentsCount += 1;
        });
        applyCommentPatch(lifecycle, { id: comment, forum, parent: null }, (parent) => {
          parent.repliesCount += 1;
        });
      },
      invalidatesTags: (_data, error, { comment }) =>
        error
          ? []
          : [
              { type: 'Replies', id: comment },
              { type: 'DiscussionList', id: 'commented' },
            ],
    }),

    updateComment: build.mutation<Comment, { comment: Comment; content: string }>({
      query: ({ comment, content }) => ({
        url: pathOf(comment),
        method: 'PATCH',
        data: { content },
      }),
      async onQueryStarted({ comment }, lifecycle) {
        const { data } = await lifecycle.queryFulfilled;
        applyCommentPatch(lifecycle, comment, (cached) => {
          Object.assign(cached, data);
        });
      },
    }),

    deleteComment: build.mutation<unknown, Comment>({
      query: (comment) => ({
        url: pathOf(comment),
        method: 'DELETE',
      }),
      async onQueryStarted(comment, lifecycle) {
        await lifecycle.queryFulfilled;
        applyDiscussionPatch(lifecycle, comment.forum, (discussion) => {
          discussion.commentsCount = Math.max(0, discussion.commentsCount - 1);
        });
        if (comment.parent !== null) {
          applyCommentPatch(
            lifecycle,
            { id: comment.parent, forum: comment.forum, parent: null },
            (parent) => {
              parent.repliesCount = Math.max(0, parent.repliesCount - 1);
            },
          );
        }
      },
      invalidatesTags: (_data, error, comment) =>
        error
          ? []
          : comment.parent === null
            ? [
                { type: 'Comments', id: comment.forum },
                { type: 'DiscussionList', id: 'commented' },
              ]
            : [
                { type: 'Replies', id: comment.parent },
                { type: 'DiscussionList', id: 'commented' },
              ],
    }),

    likeComment: build.mutation<LikeResult, Comment>({
      query: (comment) => ({
        url: `${FORUMS}/like/`,
        method: 'POST',
        data: { model: comment.parent === null ? 'comment' : 'subcomment', id: comment.id },
      }),
      async onQueryStarted(comment, lifecycle) {
        const undo = applyCommentPatch(lifecycle, comment, (cached) => {
          cached.likesCount += cached.isLiked ? -1 : 1;
          cached.isLiked = !cached.isLiked;
        });
        try {
          const { data } = await lifecycle.queryFulfilled;
          applyCommentPatch(lifecycle, comment, (cached) => {
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
 * Applies `recipe` to a cached comment (in its discussion's comments) or reply (in its
 * comment's replies). Returns a function that undoes the change.
 */
export function applyCommentPatch(
  { dispatch }: CacheLifecycle,
  comment: Pick<Comment, 'id' | 'forum' | 'parent'>,
  recipe: (comment: Comment) => void,
): () => void {
  const patchPages = (data: { pages: CommentPage[] }) => {
    for (const page of data.pages) {
      for (const item of page.results) if (item.id === comment.id) recipe(item);
    }
  };
  const patch =
    comment.parent === null
      ? dispatch(commentsApi.util.updateQueryData('listComments', comment.forum, patchPages))
      : dispatch(commentsApi.util.updateQueryData('listReplies', comment.parent, patchPages));
  return () => patch.undo();
}

export const {
  useListCommentsInfiniteQuery,
  useListRepliesInfiniteQuery,
  useCreateCommentMutation,
  useCreateReplyMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
  useLikeCommentMutation,
} = commentsApi;
