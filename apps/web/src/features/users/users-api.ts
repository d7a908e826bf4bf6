import { ZNotificationsToggled, ZPrivateUser, ZPublicProfile } from '@agora/shared';
import type {
  NotificationsToggled,
  PrivateUser,
  ProfileUpdate,
  PublicProfile,
} from '@agora/shared';
import { api } from '../../lib/api';
import { http } from '../../lib/http-client';

export async function getProfile(signal?: AbortSignal): Promise<PrivateUser> {
  const { data } = await http.get<unknown>('/auth/user/', { signal });
  return ZPrivateUser.parse(data);
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
  const { data } = await http.putForm<unknown>('/auth/user/', form, { signal });
  return ZPrivateUser.parse(data);
}

/** Calls without client-owned state: RTK Query endpoints with cache tags. */
const profileApi = api.enhanceEndpoints({ addTagTypes: ['PublicProfile'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/userinfo/{id or username}/: what any member may see of another. */
    getPublicProfile: build.query<PublicProfile, string>({
      query: (idOrUsername) => `/auth/userinfo/${encodeURIComponent(idOrUsername)}/`,
      transformResponse: (data: unknown) => ZPublicProfile.parse(data),
      providesTags: (profile, _error, idOrUsername) => [
        { type: 'PublicProfile', id: profile?.username ?? idOrUsername },
      ],
    }),
    toggleNotifications: build.mutation<NotificationsToggled, boolean>({
      query: (on) => ({ url: `/auth/userinfo/toggle-notifications/${String(on)}/`, method: 'PUT' }),
      transformResponse: (data: unknown) => ZNotificationsToggled.parse(data),
    }),
  }),
});

export const { useGetPublicProfileQuery, useToggleNotificationsMutation } = profileApi;
