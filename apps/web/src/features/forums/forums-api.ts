import type {
  ArchiveResult,
  BookmarkResult,
  CreateDiscussion,
  Discussion,
  DiscussionPage,
  FeaturedPage,
  LikeResult,
  PollVoteResult,
  RelatedDiscussions,
  TagCount,
  TagsList,
  UpdateDiscussion,
} from '@agora/shared';

import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';

const FORUMS = '/api/forums';
const COMMON = '/api/common';

/** The feed's orderings (issue 4): newest, hot right now, most liked. */
export const FEED_ORDERINGS = ['latest', 'trending', 'top'] as const;
export type FeedOrdering = (typeof FEED_ORDERINGS)[number];

export interface FeedArgs {
  ordering: FeedOrdering;
  tag?: string;
}

/** The member's own lists at `/my-content/:tab`, each with its server path. */
export const MY_CONTENT_PATHS = {
  posted: 'posted_by_me',
  bookmarked: 'bookmarked_by_me',
  liked: 'liked_by_me',
  commented: 'comment_by_me',
} as const;
export type MyContentKind = keyof typeof MY_CONTENT_PATHS;

type ListId = 'feed' | 'featured' | 'related' | MyContentKind;

/** Every list a discussion can appear in: what a change of its status or its text refreshes. */
const ALL_LISTS: { type: 'DiscussionList'; id: ListId }[] = (
  ['feed', 'featured', 'related', 'posted', 'bookmarked', 'liked', 'commented'] as const
).map((id) => ({ type: 'DiscussionList', id }));

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

/** Tags: each list names its items, so an edit refreshes exactly the lists that show it. */
const itemTags = (items: readonly { id: number }[] | undefined) =>
  (items ?? []).map(({ id }) => ({ type: 'Discussion' as const, id }));

export const forumsApi = api
  .enhanceEndpoints({
    addTagTypes: ['Discussion', 'DiscussionList', 'Comments', 'Replies', 'ForumTags'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listDiscussions: build.infiniteQuery<DiscussionPage, FeedArgs, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/forums/`,
          params: { ...queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (data) => [
          { type: 'DiscussionList', id: 'feed' },
          ...itemTags(data?.pages.flatMap((page) => page.results)),
        ],
      }),

      listMyDiscussions: build.infiniteQuery<DiscussionPage, MyContentKind, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/forums/${MY_CONTENT_PATHS[queryArg]}/`,
          params: { cursor: pageParam ?? undefined },
        }),
        providesTags: (data, _error, kind) => [
          { type: 'DiscussionList', id: kind },
          ...itemTags(data?.pages.flatMap((page) => page.results)),
        ],
      }),

      getFeaturedDiscussions: build.query<Discussion[], undefined>({
        query: () => ({ url: `${COMMON}/featured-post/`, params: { model_type: 'forum' } }),
        transformResponse: (data: FeaturedPage) => data.results,
        providesTags: (items) => [{ type: 'DiscussionList', id: 'featured' }, ...itemTags(items)],
      }),

      getRelatedDiscussions: build.query<Discussion[], number>({
        query: (id) => `${FORUMS}/forums/${id}/related_forums/`,
        transformResponse: (data: RelatedDiscussions) => data.results,
        providesTags: (items) => [{ type: 'DiscussionList', id: 'related' }, ...itemTags(items)],
      }),

      getForumTags: build.query<TagCount[], undefined>({
        query: () => ({ url: `${COMMON}/tags-list`, params: { model_name: 'forum' } }),
        transformResponse: (data: TagsList) => data.results,
        providesTags: ['ForumTags'],
      }),

      getDiscussion: build.query<Discussion, number>({
        query: (id) => `${FORUMS}/forums/${id}/`,
        providesTags: (_data, _error, id) => [{ type: 'Discussion', id }],
      }),

      createDiscussion: build.mutation<Discussion, CreateDiscussion>({
        query: (data) => ({ url: `${FORUMS}/forums/`, method: 'POST', data }),
        invalidatesTags: (_data, error) =>
          error
            ? []
            : [
                { type: 'DiscussionList', id: 'feed' },
                { type: 'DiscussionList', id: 'posted' },
                'ForumTags',
              ],
      }),

      updateDiscussion: build.mutation<Discussion, { id: number; changes: UpdateDiscussion }>({
        query: ({ id, changes }) => ({
          url: `${FORUMS}/forums/${id}/`,
          method: 'PATCH',
          data: changes,
        }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(forumsApi.util.upsertQueryData('getDiscussion', id, data));
        },
        // A draft published now joins the feed; tags may have changed.
        invalidatesTags: (_data, error) => (error ? [] : [...ALL_LISTS, 'ForumTags']),
      }),

      deleteDiscussion: build.mutation<unknown, number>({
        query: (id) => ({ url: `${FORUMS}/forums/${id}/`, method: 'DELETE' }),
        // Not the discussion itself: the open page would refetch it only to find it gone.
        invalidatesTags: (_data, error) => (error ? [] : [...ALL_LISTS, 'ForumTags']),
      }),

      archiveDiscussion: build.mutation<ArchiveResult, number>({
        query: (id) => ({
          url: `${COMMON}/archieve/`,
          method: 'POST',
          data: { model: 'forum', id },
        }),
        async onQueryStarted(id, lifecycle) {
          const { data } = await lifecycle.queryFulfilled;
          applyDiscussionPatch(lifecycle, id, (discussion) => {
            discussion.status = data.status;
          });
        },
        invalidatesTags: (_data, error) => (error ? [] : [...ALL_LISTS, 'ForumTags']),
      }),

      likeDiscussion: build.mutation<LikeResult, number>({
        query: (id) => ({ url: `${FORUMS}/like/`, method: 'POST', data: { model: 'forum', id } }),
        async onQueryStarted(id, lifecycle) {
          const undo = applyDiscussionPatch(lifecycle, id, (discussion) => {
            discussion.likesCount += discussion.isLiked ? -1 : 1;
            discussion.isLiked = !discussion.isLiked;
          });
          try {
            const { data } = await lifecycle.queryFulfilled;
            applyDiscussionPatch(lifecycle, id, (discussion) => {
              discussion.isLiked = data.liked;
              discussion.likesCount = data.likesCount;
            });
          } catch {
            undo();
          }
        },
        invalidatesTags: (_data, error) => (error ? [] : [{ type: 'DiscussionList', id: 'liked' }]),
      }),

      toggleBookmark: build.mutation<BookmarkResult, number>({
        query: (forum) => ({ url: `${FORUMS}/forums-bookmark/`, method: 'POST', data: { forum } }),
        async onQueryStarted(id, lifecycle) {
          const undo = applyDiscussionPatch(lifecycle, id, (discussion) => {
            discussion.isBookmarked = !discussion.isBookmarked;
          });
          try {
            const { data } = await lifecycle.queryFulfilled;
            applyDiscussionPatch(lifecycle, id, (discussion) => {
              discussion.isBookmarked = data.bookmarked;
            });
          } catch {
            undo();
          }
        },
        invalidatesTags: (_data, error) =>
          error ? [] : [{ type: 'DiscussionList', id: 'bookmarked' }],
      }),

      // Not `votePoll`: polls-api injects that name into the same API, and the later wins.
      voteDiscussionPoll: build.mutation<PollVoteResult, { forum: number; choice: number }>({
        query: ({ choice }) => ({
          url: `${FORUMS}/forums-poll-choice/`,
          method: 'POST',
          data: { choice },
        }),
        async onQueryStarted({ forum, choice }, lifecycle) {
          const undo = applyDiscussionPatch(lifecycle, forum, (discussion) => {
            for (const option of discussion.pollChoices) {
              if (option.isVoted) option.votesCount -= 1;
              option.isVoted = option.id === choice;
              if (option.isVoted) option.votesCount += 1;
            }
          });
          try {
            const { data } = await lifecycle.queryFulfilled;
            applyDiscussionPatch(lifecycle, forum, (discussion) => {
              discussion.pollChoices = data.pollChoices;
            });
          } catch {
            undo();
          }
        },
      }),
    }),
  });

export const {
  useListDiscussionsInfiniteQuery,
  useListMyDiscussionsInfiniteQuery,
  useGetFeaturedDiscussionsQuery,
  useGetRelatedDiscussionsQuery,
  useGetForumTagsQuery,
  useGetDiscussionQuery,
  useCreateDiscussionMutation,
  useUpdateDiscussionMutation,
  useDeleteDiscussionMutation,
  useArchiveDiscussionMutation,
  useLikeDiscussionMutation,
  useToggleBookmarkMutation,
  useVoteDiscussionPollMutation,
} = forumsApi;

/** What a query lifecycle offers for editing the cache. */
export interface CacheLifecycle {
  dispatch: AppDispatch;
  getState: () => Parameters<typeof forumsApi.util.selectInvalidatedBy>[0];
}

/**
 * Applies `recipe` to discussion `id` wherever it is cached (its page, the feed, the member's
 * lists, featured and related), so a like or a vote shows everywhere without a refetch.
 * Returns a function that undoes the change (an optimistic update the server refused).
 */
export function applyDiscussionPatch(
  { dispatch, getState }: CacheLifecycle,
  id: number,
  recipe: (discussion: Discussion) => void,
): () => void {
  const patches: { undo: () => void }[] = [];
  const patchAll = (items: Discussion[]) => {
    for (const item of items) if (item.id === id) recipe(item);
  };
  const { updateQueryData } = forumsApi.util;
  for (const entry of forumsApi.util.selectInvalidatedBy(getState(), [
    { type: 'Discussion', id },
  ])) {
    const arg: unknown = entry.originalArgs;
    switch (entry.endpointName) {
      case 'getDiscussion':
        patches.push(dispatch(updateQueryData('getDiscussion', id, recipe)));
        break;
      case 'listDiscussions':
        patches.push(
          dispatch(
            updateQueryData('listDiscussions', arg as FeedArgs, (data) => {
              for (const page of data.pages) patchAll(page.results);
            }),
          ),
        );
        break;
      case 'listMyDiscussions':
        patches.push(
          dispatch(
            updateQueryData('listMyDiscussions', arg as MyContentKind, (data) => {
              for (const page of data.pages) patchAll(page.results);
            }),
          ),
        );
        break;
      case 'getFeaturedDiscussions':
        patches.push(dispatch(updateQueryData('getFeaturedDiscussions', undefined, patchAll)));
        break;
      case 'getRelatedDiscussions':
        patches.push(dispatch(updateQueryData('getRelatedDiscussions', arg as number, patchAll)));
        break;
    }
  }
  return () => {
    for (const patch of patches) patch.undo();
  };
}
