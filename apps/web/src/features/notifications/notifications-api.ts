import { NOTIFICATION_DEFAULT_LIMIT, ZNotificationCount, ZNotificationPage } from '@agora/shared';
import type { NotificationPage } from '@agora/shared';
import { api } from '../../lib/api';
import { http } from '../../lib/http-client';

/** The notification calls of SPEC §7 "Common". Pages use the thunks of `notification-slice.ts`. */

export async function getNotificationCount(signal?: AbortSignal): Promise<number> {
  const { data } = await http.get<unknown>('/api/common/notification-count', { signal });
  return ZNotificationCount.parse(data).notificationCount;
}

/** The latest notifications, newest first (SPEC §9: 10 by default). */
export async function getNotificationDetails(
  limit: number = NOTIFICATION_DEFAULT_LIMIT,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const { data } = await http.get<unknown>('/api/common/notification-details', {
    params: { limit },
    signal,
  });
  return ZNotificationPage.parse(data);
}

export async function readAllNotifications(signal?: AbortSignal): Promise<void> {
  await http.post('/api/common/notification-readall/', undefined, { signal });
}

export async function setNotificationViewed(id: number, signal?: AbortSignal): Promise<void> {
  await http.put('/api/common/notification-setviewed', undefined, {
    params: { notification_id: id },
    signal,
  });
}

/** Notifications per page of the full list. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The full notification list, page after page (`cursor`), for the notifications page. Keyed by
 * the signed-in member's id (the token subject), so one account never sees another's pages.
 */
export const notificationPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationPages: build.infiniteQuery<NotificationPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ pageParam }) => ({
        url: '/api/common/notification-details',
        params: { limit: NOTIFICATION_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      transformResponse: (data: unknown) => ZNotificationPage.parse(data),
    }),
  }),
});

export const { useGetNotificationPagesInfiniteQuery } = notificationPagesApi;
