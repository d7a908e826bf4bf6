import type {
  FeaturedModel,
  FeaturedStatus,
  FeatureRef,
  ModerationDecision,
  ModerationDecisionKind,
  ReportedObjectPage,
  ReportModel,
} from '@agora/shared';
import { api } from '../../lib/api';

export interface DecisionArgs {
  model: ReportModel;
  id: number;
  decision: ModerationDecisionKind;
}

/** One featured status per object of any kind. */
const statusId = ({ model, id }: { model: FeaturedModel; id: number }) => `${model}:${id}`;

/**
 * The staff review queue and featuring (members send reports through the content feature). Besides its own tags it invalidates the forum
 * feature's `Discussion`, `DiscussionList` and `Comments` tags, so a decision or a feature change
 * refreshes the pages that show the object.
 */
const moderationApi = api
  .enhanceEndpoints({
    addTagTypes: ['ReportQueue', 'FeaturedStatus', 'Discussion', 'DiscussionList', 'Comments'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /api/moderation/reports/: the queue, page by page (staff). */
      getReportQueue: build.infiniteQuery<ReportedObjectPage, undefined, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.next,
        },
        query: ({ pageParam }) => ({
          url: '/api/moderation/reports/',
          params: pageParam ? { cursor: pageParam } : undefined,
        }),
        providesTags: ['ReportQueue'],
      }),

      /** POST /api/moderation/reports/{model}/{id}/dismiss|hide/ (staff). */
      decideReports: build.mutation<ModerationDecision, DecisionArgs>({
        query: ({ model, id, decision }) => ({
          url: `/api/moderation/reports/${model}/${id}/${decision}/`,
          method: 'POST',
        }),
        invalidatesTags: (_data, error, { model, id }) =>
          error
            ? []
            : [
                'ReportQueue',
                ...(model === 'forum'
                  ? [{ type: 'Discussion' as const, id }, 'DiscussionList' as const]
                  : ['Comments' as const]),
              ],
      }),

      /** GET /api/common/featured-post/{model}/{id}/. */
      getFeaturedStatus: build.query<FeaturedStatus, FeatureRef>({
        query: ({ model, id }) => `/api/common/featured-post/${model}/${id}/`,
        providesTags: (_data, _error, ref) => [{ type: 'FeaturedStatus', id: statusId(ref) }],
      }),

      /** POST (feature) or DELETE (unfeature) /api/common/featured-post/ (staff). */
      setFeatured: build.mutation<unknown, FeatureRef & { featured: boolean }>({
        query: ({ model, id, featured }) => ({
          url: '/api/common/featured-post/',
          method: featured ? 'POST' : 'DELETE',
          data: { model, id },
        }),
        invalidatesTags: (_data, error, ref) =>
          error
            ? []
            : [
                { type: 'FeaturedStatus', id: statusId(ref) },
                // Only the discussions page lists what is featured.
                ...(ref.model === 'forum'
                  ? [{ type: 'DiscussionList' as const, id: 'featured' }]
                  : []),
              ],
      }),
    }),
  });

export const {
  useGetReportQueueInfiniteQuery,
  useDecideReportsMutation,
  useGetFeaturedStatusQuery,
  useSetFeaturedMutation,
} = moderationApi;
