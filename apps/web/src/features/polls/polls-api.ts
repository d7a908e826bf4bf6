import type {
  CreatePoll,
  Poll,
  PollBallot,
  PollPage,
  PollVoterPage,
  RelatedPolls,
  TagCount,
  TagsList,
  UpdatePoll,
} from '@agora/shared';
import { api } from '../../lib/api';
import { contentListTag, registerContentCache } from '../content';
import type { ContentCacheLifecycle } from '../content';

const FORUMS = '/api/forums';
const COMMON = '/api/common';

/** The feed's orderings: newest, most active lately, most voters. */
export const POLL_FEED_ORDERINGS = ['latest', 'trending', 'top'] as const;
export type PollFeedOrdering = (typeof POLL_FEED_ORDERINGS)[number];

export interface PollFeedArgs {
  ordering: PollFeedOrdering;
  tag?: string;
  q?: string;
  author?: string;
}

/** The member's own poll lists, each with its server path. */
export const MY_POLLS_PATHS = {
  posted: 'posted_by_me',
  bookmarked: 'bookmarked_by_me',
  liked: 'liked_by_me',
  commented: 'comment_by_me',
} as const;
export type MyPollsKind = keyof typeof MY_POLLS_PATHS;

/** Which kernel list tag refreshes each of the member's lists (likes, bookmarks, comments). */
const KERNEL_LIST = { liked: 'liked', bookmarked: 'bookmarked', commented: 'commented' } as const;

type ListId = 'feed' | 'trending' | 'posted' | 'related';

/** Every list a poll can appear in: what a change of its status, text or tags refreshes. */
const ALL_LISTS = [
  ...(['feed', 'trending', 'posted', 'related'] as const).map((id) => ({
    type: 'PollList' as const,
    id,
  })),
  contentListTag('poll', 'liked'),
  contentListTag('poll', 'bookmarked'),
  contentListTag('poll', 'commented'),
];

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

/** Each list names its polls, so a vote or an edit finds every cached copy (`applyPollPatch`). */
const itemTags = (pages: readonly PollPage[] | undefined) =>
  (pages ?? []).flatMap((page) => page.results.map(({ id }) => ({ type: 'Poll' as const, id })));

const listTag = (id: ListId) => ({ type: 'PollList' as const, id });

export const pollsApi = api
  // 'ContentList' is the kernel's (content-api.ts): named here so these lists may provide it.
  .enhanceEndpoints({ addTagTypes: ['Poll', 'PollList', 'PollTags', 'PollVoters', 'ContentList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET polls/?ordering=&tag=&q=&author=. */
      listPolls: build.infiniteQuery<PollPage, PollFeedArgs, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/polls/`,
          params: { ...queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (data) => [listTag('feed'), ...itemTags(data?.pages)],
      }),

      /** GET trending_polls/?tag=: the most active polls of the last week. */
      listTrendingPolls: build.infiniteQuery<PollPage, { tag?: string }, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/trending_polls/`,
          params: { ...queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (data) => [listTag('trending'), ...itemTags(data?.pages)],
      }),

      /** GET polls/posted_by_me/ (drafts included), bookmarked_by_me/, liked_by_me/, comment_by_me/. */
      listMyPolls: build.infiniteQuery<PollPage, MyPollsKind, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/polls/${MY_POLLS_PATHS[queryArg]}/`,
          params: { cursor: pageParam ?? undefined },
        }),
        providesTags: (data, _error, kind) => [
          kind === 'posted' ? listTag('posted') : contentListTag('poll', KERNEL_LIST[kind]),
          ...itemTags(data?.pages),
        ],
      }),

      /** GET common/tags-list?model_name=poll: the tags in use, most used first. */
      getPollTags: build.query<TagCount[], undefined>({
        query: () => ({ url: `${COMMON}/tags-list`, params: { model_name: 'poll' } }),
        transformResponse: (data: TagsList) => data.results,
        providesTags: ['PollTags'],
      }),

      /** GET polls/{id}/related_polls/: up to 5 published polls sharing its tags or words. */
      getRelatedPolls: build.query<Poll[], number>({
        query: (id) => `${FORUMS}/polls/${id}/related_polls/`,
        transformResponse: (data: RelatedPolls) => data.results,
        providesTags: (items) => [
          listTag('related'),
          ...(items ?? []).map(({ id }) => ({ type: 'Poll' as const, id })),
        ],
      }),

      getPoll: build.query<Poll, number>({
        query: (id) => `${FORUMS}/polls/${id}/`,
        providesTags: (_data, _error, id) => [{ type: 'Poll', id }],
      }),

      createPoll: build.mutation<Poll, CreatePoll>({
        query: (data) => ({ url: `${FORUMS}/polls/`, method: 'POST', data }),
        invalidatesTags: (_data, error) =>
          error ? [] : [listTag('feed'), listTag('posted'), 'PollTags'],
      }),

      updatePoll: build.mutation<Poll, { id: number; changes: UpdatePoll }>({
        query: ({ id, changes }) => ({
          url: `${FORUMS}/polls/${id}/`,
          method: 'PATCH',
          data: changes,
        }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(pollsApi.util.upsertQueryData('getPoll', id, data));
        },
        // A draft published now joins the feed; the question or tags may have changed.
        invalidatesTags: (_data, error) => (error ? [] : [...ALL_LISTS, 'PollTags']),
      }),

      deletePoll: build.mutation<unknown, number>({
        query: (id) => ({ url: `${FORUMS}/polls/${id}/`, method: 'DELETE' }),
        // Not the poll itself: the open page would refetch it only to find it gone.
        invalidatesTags: (_data, error) => (error ? [] : [...ALL_LISTS, 'PollTags']),
      }),

      /** POST polls-vote/: casts or replaces the viewer's ballot; answers the poll as now seen. */
      votePoll: build.mutation<Poll, PollBallot>({
        query: (data) => ({ url: `${FORUMS}/polls-vote/`, method: 'POST', data }),
        async onQueryStarted({ poll }, lifecycle) {
          const { data } = await lifecycle.queryFulfilled;
          applyPollPatch(lifecycle, poll, (cached) => {
            Object.assign(cached, data);
          });
        },
        invalidatesTags: (_data, error, { poll }) =>
          error ? [] : [{ type: 'PollVoters', id: poll }],
      }),

      /** DELETE polls-vote/{id}/: withdraws the viewer's ballot. */
      withdrawVote: build.mutation<Poll, number>({
        query: (id) => ({ url: `${FORUMS}/polls-vote/${id}/`, method: 'DELETE' }),
        async onQueryStarted(id, lifecycle) {
          const { data } = await lifecycle.queryFulfilled;
          applyPollPatch(lifecycle, id, (cached) => {
            Object.assign(cached, data);
          });
        },
        invalidatesTags: (_data, error, id) => (error ? [] : [{ type: 'PollVoters', id }]),
      }),

      /** GET polls/{id}/voted_by/?option=: who chose an option (public polls), latest first. */
      listPollVoters: build.infiniteQuery<
        PollVoterPage,
        { poll: number; option: number },
        string | null
      >({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/polls/${queryArg.poll}/voted_by/`,
          params: { option: queryArg.option, cursor: pageParam ?? undefined },
        }),
        providesTags: (_data, _error, { poll }) => [{ type: 'PollVoters', id: poll }],
      }),
    }),
  });

export const {
  useListPollsInfiniteQuery,
  useListTrendingPollsInfiniteQuery,
  useListMyPollsInfiniteQuery,
  useGetPollTagsQuery,
  useGetPollQuery,
  useGetRelatedPollsQuery,
  useCreatePollMutation,
  useUpdatePollMutation,
  useDeletePollMutation,
  useVotePollMutation,
  useWithdrawVoteMutation,
  useListPollVotersInfiniteQuery,
} = pollsApi;

/**
 * Applies `recipe` to poll `id` wherever it is cached (its page, the feed, trending, the
 * member's lists), so a vote, a like or a live tally shows everywhere without a refetch.
 * Returns a function that undoes the change.
 */
export function applyPollPatch(
  { dispatch, getState }: ContentCacheLifecycle,
  id: number,
  recipe: (poll: Poll) => void,
): () => void {
  const patches: { undo: () => void }[] = [];
  const patchPages = (data: { pages: PollPage[] }) => {
    for (const page of data.pages)
      for (const item of page.results) if (item.id === id) recipe(item);
  };
  const { updateQueryData } = pollsApi.util;
  for (const entry of pollsApi.util.selectInvalidatedBy(getState(), [{ type: 'Poll', id }])) {
    const arg: unknown = entry.originalArgs;
    switch (entry.endpointName) {
      case 'getPoll':
        patches.push(dispatch(updateQueryData('getPoll', id, recipe)));
        break;
      case 'listPolls':
        patches.push(dispatch(updateQueryData('listPolls', arg as PollFeedArgs, patchPages)));
        break;
      case 'listTrendingPolls':
        patches.push(
          dispatch(updateQueryData('listTrendingPolls', arg as { tag?: string }, patchPages)),
        );
        break;
      case 'listMyPolls':
        patches.push(dispatch(updateQueryData('listMyPolls', arg as MyPollsKind, patchPages)));
        break;
      case 'getRelatedPolls':
        patches.push(
          dispatch(
            updateQueryData('getRelatedPolls', arg as number, (items) => {
              for (const item of items) if (item.id === id) recipe(item);
            }),
          ),
        );
        break;
    }
  }
  return () => {
    for (const patch of patches) patch.undo();
  };
}

// Likes, bookmarks and comments go through the kernel's generic endpoints; they patch polls here.
registerContentCache('poll', applyPollPatch);
