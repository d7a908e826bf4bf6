import type {
  CreateQuiz,
  Leaderboard,
  Quiz,
  QuizAnswerInput,
  QuizAnswerResult,
  QuizPage,
  QuizRecord,
  QuizReveal,
  QuizVoteResult,
  RelatedQuizzes,
  TagCount,
  TagsList,
  UpdateQuiz,
} from '@agora/shared';
import type { QUIZ_LEADERBOARD_PERIODS, QUIZ_ORDERINGS } from '@agora/shared';
import { api } from '../../lib/api';
import { contentListTag, registerContentCache } from '../content';
import type { ContentCacheLifecycle } from '../content';

const FORUMS = '/api/forums';
const COMMON = '/api/common';

/** The feed's tabs, in order: newest, most active lately, most up-voted. */
export const QUIZ_FEED_ORDERINGS = [
  'latest',
  'trending',
  'top',
] as const satisfies readonly (typeof QUIZ_ORDERINGS)[number][];
export type QuizFeedOrdering = (typeof QUIZ_FEED_ORDERINGS)[number];
export type LeaderboardPeriod = (typeof QUIZ_LEADERBOARD_PERIODS)[number];

export interface QuizFeedArgs {
  ordering: QuizFeedOrdering;
  tag?: string;
}

/** The member's own quiz lists, each with its server path. */
export const MY_QUIZZES_PATHS = {
  posted: 'posted_by_me',
  bookmarked: 'bookmarked_by_me',
  liked: 'liked_by_me',
  commented: 'comment_by_me',
} as const;
export type MyQuizzesKind = keyof typeof MY_QUIZZES_PATHS;

/** The kernel list tags that refresh the member's bookmarked, liked and commented quizzes. */
const KERNEL_LIST = { liked: 'liked', bookmarked: 'bookmarked', commented: 'commented' } as const;

const listTag = (id: 'feed' | 'trending' | 'posted' | 'related') => ({
  type: 'QuizList' as const,
  id,
});

/** Every list a quiz can appear in: what a change of its status, text or tags refreshes. */
const ALL_LISTS = [
  listTag('feed'),
  listTag('trending'),
  listTag('posted'),
  listTag('related'),
  contentListTag('quiz', 'liked'),
  contentListTag('quiz', 'bookmarked'),
  contentListTag('quiz', 'commented'),
];

/**
 * The request's result, or null when the server refused it: the caller's `unwrap()` reports a
 * refusal, so a cache update waiting on it must not reject a second time, unhandled.
 */
async function settled<T>(fulfilled: Promise<T>): Promise<T | null> {
  try {
    return await fulfilled;
  } catch {
    return null;
  }
}

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

/** Each list names its quizzes, so an answer or an edit finds every cached copy. */
const itemTags = (pages: readonly QuizPage[] | undefined) =>
  (pages ?? []).flatMap((page) => page.results.map(({ id }) => ({ type: 'Quiz' as const, id })));

export const quizzesApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'Quiz',
      'QuizList',
      'QuizTags',
      'QuizRecord',
      'QuizLeaderboard',
      'QuizReveal',
      // The content kernel's tag for the member's liked, bookmarked and commented lists.
      'ContentList',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET quizs/?ordering=&tag=: published quizzes (trending: the most active this week). */
      listQuizzes: build.infiniteQuery<QuizPage, QuizFeedArgs, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/quizs/`,
          params: { ...queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (data) => [listTag('feed'), ...itemTags(data?.pages)],
      }),

      /** GET trending_quizs/?tag=: the most active quizzes of the last week. */
      listTrendingQuizzes: build.infiniteQuery<QuizPage, { tag?: string }, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/trending_quizs/`,
          params: { ...queryArg, cursor: pageParam ?? undefined },
        }),
        providesTags: (data) => [listTag('trending'), ...itemTags(data?.pages)],
      }),

      /** GET quizs/{id}/related_quizs/: up to 5 published quizzes sharing its tags or words. */
      getRelatedQuizzes: build.query<Quiz[], number>({
        query: (id) => `${FORUMS}/quizs/${id}/related_quizs/`,
        transformResponse: (data: RelatedQuizzes) => data.results,
        providesTags: (items) => [
          listTag('related'),
          ...(items ?? []).map(({ id }) => ({ type: 'Quiz' as const, id })),
        ],
      }),

      /** GET quizs/posted_by_me/ (drafts included), bookmarked_by_me/, liked_by_me/, comment_by_me/. */
      listMyQuizzes: build.infiniteQuery<QuizPage, MyQuizzesKind, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${FORUMS}/quizs/${MY_QUIZZES_PATHS[queryArg]}/`,
          params: { cursor: pageParam ?? undefined },
        }),
        providesTags: (data, _error, kind) => [
          kind === 'posted' ? listTag('posted') : contentListTag('quiz', KERNEL_LIST[kind]),
          ...itemTags(data?.pages),
        ],
      }),

      /** GET common/tags-list?model_name=quiz: the tags in use, most used first. */
      getQuizTags: build.query<TagCount[], undefined>({
        query: () => ({ url: `${COMMON}/tags-list`, params: { model_name: 'quiz' } }),
        transformResponse: (data: TagsList) => data.results,
        providesTags: ['QuizTags'],
      }),

      getQuiz: build.query<Quiz, number>({
        query: (id) => `${FORUMS}/quizs/${id}/`,
        providesTags: (_data, _error, id) => [{ type: 'Quiz', id }],
      }),

      createQuiz: build.mutation<Quiz, CreateQuiz>({
        query: (data) => ({ url: `${FORUMS}/quizs/`, method: 'POST', data }),
        invalidatesTags: (_data, error) =>
          error ? [] : [listTag('feed'), listTag('trending'), listTag('posted'), 'QuizTags'],
      }),

      updateQuiz: build.mutation<Quiz, { id: number; changes: UpdateQuiz }>({
        query: ({ id, changes }) => ({
          url: `${FORUMS}/quizs/${id}/`,
          method: 'PATCH',
          data: changes,
        }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const done = await settled(queryFulfilled);
          if (done) dispatch(quizzesApi.util.upsertQueryData('getQuiz', id, done.data));
        },
        // A draft published now joins the feed; the question or the tags may have changed.
        invalidatesTags: (_data, error) => (error ? [] : [...ALL_LISTS, 'QuizTags']),
      }),

      deleteQuiz: build.mutation<unknown, number>({
        query: (id) => ({ url: `${FORUMS}/quizs/${id}/`, method: 'DELETE' }),
        // Not the quiz itself: the open page would refetch it only to find it gone.
        invalidatesTags: (_data, error) =>
          error ? [] : [...ALL_LISTS, 'QuizTags', 'QuizLeaderboard', 'QuizRecord'],
      }),

      /** POST quizs/{id}/start/: starts the viewer's clock; the quiz comes back with its answers. */
      startQuiz: build.mutation<Quiz, number>({
        query: (id) => ({ url: `${FORUMS}/quizs/${id}/start/`, method: 'POST' }),
        async onQueryStarted(id, lifecycle) {
          const done = await settled(lifecycle.queryFulfilled);
          if (done) {
            applyQuizPatch(lifecycle, id, (cached) => {
              Object.assign(cached, done.data);
            });
          }
        },
      }),

      /** POST quizs-answer/: the viewer's one attempt, graded by the server. */
      answerQuiz: build.mutation<QuizAnswerResult, QuizAnswerInput>({
        query: (data) => ({ url: `${FORUMS}/quizs-answer/`, method: 'POST', data }),
        async onQueryStarted({ quiz }, lifecycle) {
          const done = await settled(lifecycle.queryFulfilled);
          if (done) {
            applyQuizPatch(lifecycle, quiz, (cached) => {
              Object.assign(cached, done.data.quiz);
            });
          }
        },
        // A refused answer (late, already answered, closed) refetches the quiz: the server may
        // have recorded the late attempt, and its state is what the card must show.
        invalidatesTags: (_data, error, { quiz }) =>
          error
            ? error.status === 400 || error.status === 403
              ? [{ type: 'Quiz', id: quiz }]
              : []
            : ['QuizRecord', 'QuizLeaderboard'],
      }),

      /**
       * GET quizs/{id}/correct_answer/: the reveal, for a quiz that closed while on screen (the
       * cached record still has none).
       */
      getQuizReveal: build.query<QuizReveal, number>({
        query: (id) => `${FORUMS}/quizs/${id}/correct_answer/`,
        providesTags: (_data, _error, id) => [{ type: 'QuizReveal', id }],
      }),

      /** POST quizs-vote/{id}/: toggles the viewer's up-vote, optimistically. */
      voteQuiz: build.mutation<QuizVoteResult, number>({
        query: (id) => ({ url: `${FORUMS}/quizs-vote/${id}/`, method: 'POST' }),
        async onQueryStarted(id, lifecycle) {
          const undo = applyQuizPatch(lifecycle, id, (quiz) => {
            quiz.votesCount += quiz.isVoted ? -1 : 1;
            quiz.isVoted = !quiz.isVoted;
          });
          try {
            const { data } = await lifecycle.queryFulfilled;
            applyQuizPatch(lifecycle, id, (quiz) => {
              quiz.isVoted = data.voted;
              quiz.votesCount = data.votesCount;
            });
          } catch {
            undo();
          }
        },
      }),

      /** GET quizs/leaderboard/?period=week|all. */
      getLeaderboard: build.query<Leaderboard, LeaderboardPeriod>({
        query: (period) => ({ url: `${FORUMS}/quizs/leaderboard/`, params: { period } }),
        providesTags: ['QuizLeaderboard'],
      }),

      /** GET quizs/record/{username}/: answered, correct, current and best streak. */
      getQuizRecord: build.query<QuizRecord, string>({
        query: (username) => `${FORUMS}/quizs/record/${encodeURIComponent(username)}/`,
        providesTags: (_data, _error, username) => [{ type: 'QuizRecord', id: username }],
      }),
    }),
  });

export const {
  useListQuizzesInfiniteQuery,
  useListTrendingQuizzesInfiniteQuery,
  useGetRelatedQuizzesQuery,
  useListMyQuizzesInfiniteQuery,
  useGetQuizTagsQuery,
  useGetQuizQuery,
  useCreateQuizMutation,
  useUpdateQuizMutation,
  useDeleteQuizMutation,
  useStartQuizMutation,
  useAnswerQuizMutation,
  useGetQuizRevealQuery,
  useVoteQuizMutation,
  useGetLeaderboardQuery,
  useGetQuizRecordQuery,
} = quizzesApi;

/**
 * Applies `recipe` to quiz `id` wherever it is cached (its page, the feed, trending, related,
 * the member's lists),
 * so a start, an answer, an up-vote or a like shows everywhere without a refetch. Returns a
 * function that undoes the change.
 */
export function applyQuizPatch(
  { dispatch, getState }: ContentCacheLifecycle,
  id: number,
  recipe: (quiz: Quiz) => void,
): () => void {
  const patches: { undo: () => void }[] = [];
  const patchPages = (data: { pages: QuizPage[] }) => {
    for (const page of data.pages)
      for (const item of page.results) if (item.id === id) recipe(item);
  };
  const { updateQueryData } = quizzesApi.util;
  for (const entry of quizzesApi.util.selectInvalidatedBy(getState(), [{ type: 'Quiz', id }])) {
    const arg: unknown = entry.originalArgs;
    switch (entry.endpointName) {
      case 'getQuiz':
        patches.push(dispatch(updateQueryData('getQuiz', id, recipe)));
        break;
      case 'listQuizzes':
        patches.push(dispatch(updateQueryData('listQuizzes', arg as QuizFeedArgs, patchPages)));
        break;
      case 'listTrendingQuizzes':
        patches.push(
          dispatch(updateQueryData('listTrendingQuizzes', arg as { tag?: string }, patchPages)),
        );
        break;
      case 'listMyQuizzes':
        patches.push(dispatch(updateQueryData('listMyQuizzes', arg as MyQuizzesKind, patchPages)));
        break;
      case 'getRelatedQuizzes':
        patches.push(
          dispatch(
            updateQueryData('getRelatedQuizzes', arg as number, (items) => {
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

// Likes, bookmarks and comments go through the kernel's generic endpoints; they patch quizzes here.
registerContentCache('quiz', applyQuizPatch);
