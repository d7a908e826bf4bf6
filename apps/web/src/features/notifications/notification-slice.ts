import { createAsyncThunk, createSlice, isAnyOf, isRejectedWithValue } from '@reduxjs/toolkit';
import type { PayloadAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { isForumsNotification, MESSAGES, NOTIFICATION_DEFAULT_LIMIT } from '@agora/shared';
import type { NotificationItem } from '@agora/shared';
import { nonFieldBodyMessage } from '../../lib/api-error';
import type { SocketStatus } from '../../lib/socket-client';
import { apiFailure, logout, logoutAll, selectIsAuthenticated, sessionEnded } from '../auth';
import type { AuthRootState } from '../auth';
import { notificationsApi } from './notifications-api';

/** SPEC §3: the notification count and the detail list. */
export interface NotificationsState {
  /** Notifications the member has not viewed: a number. */
  count: number;
  /** The latest notifications, newest first; only items whose targetObject.appLabel is 'forums'. */
  details: NotificationItem[];
  /** The detail list is loading. */
  loading: boolean;
  /** The message of the last failed notification call. */
  error: string | null;
  connection: SocketStatus;
}

/** The part of the store this feature reads; the store mounts `notificationsReducer` under `notifications`. */
export interface NotificationsRootState {
  notifications: NotificationsState;
}

const initialState: NotificationsState = {
  count: 0,
  details: [],
  loading: false,
  error: null,
  connection: { state: 'idle' },
};

type NotificationsThunkState = AuthRootState & NotificationsRootState;

const createNotificationThunk = createAsyncThunk.withTypes<{
  state: NotificationsThunkState;
  dispatch: ThunkDispatch<NotificationsThunkState, unknown, UnknownAction>;
  rejectValue: string;
}>();

/** SPEC §8: notification calls fail with the first nonFieldErrors message. */
function failure(error: unknown): string {
  const { status, data, message } = apiFailure(error);
  return status === null ? message : (nonFieldBodyMessage(data) ?? MESSAGES.generic);
}

const { endpoints } = notificationsApi;
// Always a fresh answer: the slice, not the request cache, is what the bell reads (SPEC §3).
const fresh = { subscribe: false, forceRefetch: true } as const;

export const fetchNotificationCount = createNotificationThunk(
  'notifications/fetchCount',
  async (_, { dispatch, rejectWithValue }) => {
    try {
      return await dispatch(endpoints.getNotificationCount.initiate(undefined, fresh)).unwrap();
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
  // SPEC §6: only for a signed-in member; otherwise nothing happens, not even a pending action.
  { condition: (_, { getState }) => selectIsAuthenticated(getState()) },
);

/** The latest `limit` notifications (SPEC §9: 10 by default), fetched only when authenticated. */
export const fetchNotificationDetails = createNotificationThunk(
  'notifications/fetchDetails',
  async (limit: number | undefined, { dispatch, rejectWithValue }) => {
    try {
      const page = await dispatch(
        endpoints.getNotificationDetails.initiate(limit ?? NOTIFICATION_DEFAULT_LIMIT, fresh),
      ).unwrap();
      return page.results;
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
  // SPEC §6: only for a signed-in member; otherwise nothing happens, not even a pending action.
  { condition: (_, { getState }) => selectIsAuthenticated(getState()) },
);

export const readAllNotifications = createNotificationThunk(
  'notifications/readAll',
  async (_, { dispatch, rejectWithValue }) => {
    try {
      await dispatch(endpoints.readAllNotifications.initiate(undefined)).unwrap();
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
  // SPEC §6: only for a signed-in member; otherwise nothing happens, not even a pending action.
  { condition: (_, { getState }) => selectIsAuthenticated(getState()) },
);

/** SPEC §4: a notification becomes viewed through the set-viewed call. */
export const setNotificationViewed = createNotificationThunk(
  'notifications/setViewed',
  async (id: number, { dispatch, rejectWithValue }) => {
    try {
      await dispatch(endpoints.setNotificationViewed.initiate(id)).unwrap();
      return id;
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
  // SPEC §6: only for a signed-in member; otherwise nothing happens, not even a pending action.
  { condition: (_, { getState }) => selectIsAuthenticated(getState()) },
);

/** SPEC §3: only forums notifications are kept, newest first, each once. */
function keepForums(items: readonly NotificationItem[]): NotificationItem[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (!isForumsNotification(item) || seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** `notification_count` from the socket. */
    notificationCountChanged(state, { payload }: PayloadAction<number>) {
      state.count = payload;
    },
    /** `notification_details` from the socket: a new notification goes on top (forums only). */
    notificationReceived(state, { payload }: PayloadAction<NotificationItem>) {
      state.details = keepForums([payload, ...state.details]);
    },
    notificationConnectionChanged(state, { payload }: PayloadAction<SocketStatus>) {
      state.connection = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNotificationCount.fulfilled, (state, { payload }) => {
        state.count = payload;
      })
      .addCase(fetchNotificationDetails.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchNotificationDetails.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.details = keepForums(payload);
      })
      .addCase(fetchNotificationDetails.rejected, (state) => {
        state.loading = false;
      })
      .addCase(readAllNotifications.fulfilled, (state) => {
        state.count = 0;
        for (const item of state.details) item.viewed = true;
      })
      .addCase(setNotificationViewed.fulfilled, (state, { payload: id }) => {
        const item = state.details.find((n) => n.id === id);
        if (item && !item.viewed) {
          item.viewed = true;
          state.count = Math.max(0, state.count - 1);
        }
      })
      .addMatcher(
        isRejectedWithValue(
          fetchNotificationCount,
          fetchNotificationDetails,
          readAllNotifications,
          setNotificationViewed,
        ),
        (state, { payload }) => {
          state.error = payload;
        },
      )
      .addMatcher(isAnyOf(logout.fulfilled, logoutAll.fulfilled, sessionEnded), () => initialState);
  },
});

export const { notificationCountChanged, notificationReceived, notificationConnectionChanged } =
  notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

export const selectNotificationCount = (state: NotificationsRootState): number =>
  state.notifications.count;
export const selectNotificationDetails = (state: NotificationsRootState): NotificationItem[] =>
  state.notifications.details;
export const selectNotificationsLoading = (state: NotificationsRootState): boolean =>
  state.notifications.loading;
export const selectNotificationsError = (state: NotificationsRootState): string | null =>
  state.notifications.error;
export const selectNotificationConnection = (state: NotificationsRootState): SocketStatus =>
  state.notifications.connection;
