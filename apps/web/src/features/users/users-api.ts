import type {
  ActivityCounts,
  NotificationsToggled,
  PrivateUser,
  ProfileUpdate,
  PublicProfile,
} from '@agora/shared';
import { api } from '../../lib/api';
import { ACTIVITY_SOURCES, type ActivityPage, type ListedActivityTab } from './member-activity';
import { http } from '../../lib/http-client';

export async function getProfile(signal?: AbortSignal): Promise<PrivateUser> {
  const { data } = await http.get<PrivateUser>('/auth/user/', { signal });
  return data;
}

export interface ProfileChanges extends ProfileUpdate {
  /** A new avatar image; the server sniffs its type and resizes it. */
  avatar?: File;
}

/** SPEC §7: PUT is form data, so an avatar can travel with the fields. */
export async function updateProfile(
  changes: ProfileChanges,
  signal?: AbortSignal,
): Promise<PrivateUser> {
  const form = new FormData();
  form.set('firstName', changes.firstName);
  form.set('lastName', changes.lastName);
  form.set('bio', changes.bio);
  // Form data has no null: an empty country clears it.
  form.set('country', changes.country ?? '');
  if (changes.avatar) form.set('avatar', changes.avatar, changes.avatar.name);
  const { data } = await http.put<PrivateUser>('/auth/user/', form, { signal });
  return data;
}

/** Calls without client-owned state: RTK Query endpoints with cache tags. */
const profileApi = api.enhanceEndpoints({ addTagTypes: ['PublicProfile'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/userinfo/{id or username}/: what any member may see of another. */
    getPublicProfile: build.query<PublicProfile, string>({
      query: (idOrUsername) => `/auth/userinfo/${encodeURIComponent(idOrUsername)}/`,
      providesTags: (profile, _error, idOrUsername) => [
        { type: 'PublicProfile', id: profile?.username ?? idOrUsername },
      ],
    }),
    /**
     * One tab of a member's activity, a page at a time: their discussions, polls and quizzes
     * (`?author=` of each list) or their comments (`comments/by_author/`). All open to visitors.
     */
    listMemberActivity: build.infiniteQuery<
      ActivityPage,
      { username: string; tab: ListedActivityTab },
      string | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ queryArg: { username, tab }, pageParam }) => ({
        url: ACTIVITY_SOURCES[tab].url,
        params: { author: username, cursor: pageParam ?? undefined },
      }),
      transformResponse: (data: unknown, _meta, { queryArg }) =>
        ACTIVITY_SOURCES[queryArg.tab].toPage(data),
    }),
    /** GET /api/common/activity-counts/?author=: how many items each activity tab lists. */
    getActivityCounts: build.query<ActivityCounts, string>({
      query: (username) => ({ url: '/api/common/activity-counts/', params: { author: username } }),
    }),
    toggleNotifications: build.mutation<NotificationsToggled, boolean>({
      query: (on) => ({ url: `/auth/userinfo/toggle-notifications/${String(on)}/`, method: 'PUT' }),
    }),
  }),
});

export const {
  useGetActivityCountsQuery,
  useGetPublicProfileQuery,
  useListMemberActivityInfiniteQuery,
  useToggleNotificationsMutation,
} = profileApi;
