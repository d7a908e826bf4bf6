import { HOME_LIST_SIZE, MESSAGES } from '@agora/shared';
import type { CommonModel, DiscussionPage, PollPage, QuizPage, TagsList } from '@agora/shared';
import { api } from '../../lib/api';
import type { ApiError } from '../../lib/api';
import {
  discussionItem,
  mostUsedTags,
  newestFirst,
  pollItem,
  quizItem,
  takingTurns,
} from './home-items';
import type { HomeItem, HomeTag } from './home-items';

export { HOME_LIST_SIZE };
const SUGGESTED_TAGS = 14;

export type HomeFeed = 'latest' | 'trending';

const MODELS: readonly CommonModel[] = ['forum', 'poll', 'quiz'];

/**
 * Each kind's newest list, and how its items become home lines. The answers are the server's,
 * written through each list's shared schema (http-client.ts says why they are not parsed again).
 */
const KINDS: Record<CommonModel, { latest: string; items: (data: unknown) => HomeItem[] }> = {
  forum: {
    latest: '/api/forums/forums/',
    items: (data) => (data as DiscussionPage).results.map(discussionItem),
  },
  poll: {
    latest: '/api/forums/polls/',
    items: (data) => (data as PollPage).results.map(pollItem),
  },
  quiz: {
    latest: '/api/forums/quizs/',
    items: (data) => (data as QuizPage).results.map(quizItem),
  },
};

type Answer = { data: unknown; error?: undefined } | { error: ApiError; data?: undefined };

/** The first failure among the kinds' answers, so one error line stands for the list. */
function firstError(answers: readonly Answer[]): ApiError | undefined {
  return answers.find((answer) => answer.error !== undefined)?.error;
}

/** `merge` of the answers, or an error the page shows inline if one is not what it should be. */
function merged<T>(answers: readonly Answer[], merge: () => T): { data: T } | { error: ApiError } {
  const error = firstError(answers);
  if (error) return { error };
  try {
    return { data: merge() };
  } catch {
    return { error: { status: null, data: null, message: MESSAGES.generic } };
  }
}

/**
 * The home page's reads. Each asks the three kinds at once (the lists the server already has,
 * open to visitors) and merges their answers into one list.
 */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHomeFeed: build.query<HomeItem[], HomeFeed>({
      queryFn: async (feed, _api, _extra, baseQuery) => {
        const answers = await Promise.all(
          MODELS.map((model) =>
            baseQuery(
              feed === 'latest'
                ? { url: KINDS[model].latest, params: { limit: HOME_LIST_SIZE } }
                : {
                    url: '/api/common/trending-post/',
                    params: { model_type: model, limit: HOME_LIST_SIZE },
                  },
            ),
          ),
        );
        return merged(answers, () => {
          const lists = MODELS.map((model, index) => KINDS[model].items(answers[index]?.data));
          const merge = feed === 'latest' ? newestFirst : takingTurns;
          return merge(lists, HOME_LIST_SIZE);
        });
      },
    }),

    getHomeTags: build.query<HomeTag[], undefined>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const answers = await Promise.all(
          MODELS.map((model) =>
            baseQuery({ url: '/api/common/tags-list', params: { model_name: model } }),
          ),
        );
        return merged(answers, () => {
          const byKind = MODELS.map((model, index) => ({
            model,
            tags: (answers[index]?.data as TagsList).results,
          }));
          return mostUsedTags(byKind, SUGGESTED_TAGS);
        });
      },
    }),
  }),
});

export const { useGetHomeFeedQuery, useGetHomeTagsQuery } = homeApi;
