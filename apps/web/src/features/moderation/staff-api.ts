import type {
  AuditPage,
  ContentModel,
  ContentVisibility,
  MemberRole,
  MemberStanding,
  MemberStandingList,
} from '@agora/shared';
import { api } from '../../lib/api';

const STAFF = '/api/moderation';

/** The two restrictions staff put on a member: silence (no writing) and suspension (no sign-in). */
export type RestrictionKind = 'silence' | 'suspend';

export interface RestrictArgs {
  username: string;
  kind: RestrictionKind;
  until: string;
  reason: string;
}

export interface LiftArgs {
  username: string;
  kind: RestrictionKind;
}

export interface ContentVisibilityArgs {
  model: ContentModel;
  id: number;
  /** Required to hide, optional to restore. */
  reason: string;
}

const path = (username: string) => `${STAFF}/members/${encodeURIComponent(username)}`;

/**
 * The staff's tools of issue 18: members' standing, hiding content and the audit log. A change
 * to a member refreshes the member lists and the log; hiding or restoring refreshes the forum
 * feature's `Discussion`, `DiscussionList` and comment tags (the forums' and the content
 * feature's), as a report decision does.
 */
const staffApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'MemberStanding',
      'AuditLog',
      'Discussion',
      'DiscussionList',
      'Comments',
      'Replies',
      'ContentComments',
      'ContentReplies',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /api/moderation/members/?q=: by username prefix; without q, staff and restricted. */
      listMemberStanding: build.query<MemberStandingList, string>({
        query: (q) => ({ url: `${STAFF}/members/`, params: q ? { q } : undefined }),
        providesTags: ['MemberStanding'],
      }),

      /** POST …/members/{username}/silence|suspend/ {until, reason}. */
      restrictMember: build.mutation<MemberStanding, RestrictArgs>({
        query: ({ username, kind, until, reason }) => ({
          url: `${path(username)}/${kind}/`,
          method: 'POST',
          data: { until, reason },
        }),
        invalidatesTags: (_data, error) => (error ? [] : ['MemberStanding', 'AuditLog']),
      }),

      /** POST …/members/{username}/unsilence|unsuspend/. */
      liftRestriction: build.mutation<MemberStanding, LiftArgs>({
        query: ({ username, kind }) => ({
          url: `${path(username)}/un${kind}/`,
          method: 'POST',
          data: { reason: '' },
        }),
        invalidatesTags: (_data, error) => (error ? [] : ['MemberStanding', 'AuditLog']),
      }),

      /** PUT …/members/{username}/role/ (admins). */
      setMemberRole: build.mutation<MemberStanding, { username: string; role: MemberRole }>({
        query: ({ username, role }) => ({
          url: `${path(username)}/role/`,
          method: 'PUT',
          data: { role },
        }),
        invalidatesTags: (_data, error) => (error ? [] : ['MemberStanding', 'AuditLog']),
      }),

      /** POST /api/moderation/content/{model}/{id}/hide|restore/. */
      setContentVisibility: build.mutation<
        ContentVisibility,
        ContentVisibilityArgs & { hidden: boolean }
      >({
        query: ({ model, id, reason, hidden }) => ({
          url: `${STAFF}/content/${model}/${id}/${hidden ? 'hide' : 'restore'}/`,
          method: 'POST',
          data: { reason },
        }),
        invalidatesTags: (_data, error, { model, id }) =>
          error
            ? []
            : [
                'AuditLog',
                ...(model === 'forum'
                  ? [{ type: 'Discussion' as const, id }, 'DiscussionList' as const]
                  : (['Comments', 'Replies', 'ContentComments', 'ContentReplies'] as const)),
              ],
      }),

      /** GET /api/moderation/audit/?member=: every staff action, newest first. */
      getAuditLog: build.infiniteQuery<AuditPage, string, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.next,
        },
        query: ({ queryArg: member, pageParam }) => ({
          url: `${STAFF}/audit/`,
          params: {
            ...(member ? { member } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
        providesTags: ['AuditLog'],
      }),
    }),
  });

export const {
  useListMemberStandingQuery,
  useRestrictMemberMutation,
  useLiftRestrictionMutation,
  useSetMemberRoleMutation,
  useSetContentVisibilityMutation,
  useGetAuditLogInfiniteQuery,
} = staffApi;
