import type { NotificationCount, NotificationPage } from '@agora/shared';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';

/** Notifications per page of the full list. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The notification calls of SPEC §7 "Common". The bell's count and latest list live in the
 * slice SPEC §3 names (its thunks call these endpoints); the notifications page reads its pages
 * from the cache, which set-viewed and read-all patch so the page never loads them again.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationCount: build.query<number, undefined>({
      query: () => '/api/common/notification-count',
      transformResponse: (data: NotificationCount) => data.notificationCount,
    }),

    /** The latest notifications, newest first (SPEC §9: 10 by default). */
    getNotificationDetails: build.query<NotificationPage, number>({
      query: (limit) => ({
        url: '/api/common/notification-details',
        params: { limit },
      }),
    }),

    /**
     * The full notification list, page after page (`cursor`), for the notifications page. Keyed
     * by the signed-in member's id (the token subject), so one account never sees another's pages.
     */
    getNotificationPages: build.infiniteQuery<NotificationPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ pageParam }) => ({
        url: '/api/common/notification-details',
        params: { limit: NOTIFICATION_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
    }),

    readAllNotifications: build.mutation<unknown, undefined>({
      query: () => ({ url: '/api/common/notification-readall/', method: 'POST' }),
      async onQueryStarted(_arg, lifecycle) {
        await lifecycle.queryFulfilled;
        markViewedInPages(lifecycle, () => true);
      },
    }),

    setNotificationViewed: build.mutation<unknown, number>({
      query: (id) => ({
        url: '/api/common/notification-setviewed',
        method: 'PUT',
        params: { notification_id: id },
      }),
      async onQueryStarted(id, lifecycle) {
        await lifecycle.queryFulfilled;
        markViewedInPages(lifecycle, (itemId) => itemId === id);
      },
    }),
  }),
});

type ApiState = Parameters<typeof notificationsApi.util.selectCachedArgsForQuery>[0];

/** Marks the matching notifications viewed in every cached page, without loading them again. */
function markViewedInPages(
  { dispatch, getState }: { dispatch: AppDispatch; getState: () => ApiState },
  matches: (id: number) => boolean,
) {
  const { selectCachedArgsForQuery } = notificationsApi.util;
  for (const viewer of selectCachedArgsForQuery(getState(), 'getNotificationPages')) {
    dispatch(
      notificationsApi.util.updateQueryData('getNotificationPages', viewer, (draft) => {
        for (const page of draft.pages) {
          for (const item of page.results) if (matches(item.id)) item.viewed = true;
        }
      }),
    );
  }
}

export const { useGetNotificationPagesInfiniteQuery } = notificationsApi;
