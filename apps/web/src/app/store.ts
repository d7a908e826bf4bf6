import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth';
import { chatReducer } from '../features/chat';
import { notificationsReducer } from '../features/notifications';
import { userReducer } from '../features/users';
import { api } from './api';
import { toastSlice } from './toasts/toast-slice';

/** Every slice of the one store; a feature's reducer is added here as one more entry. */
const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [toastSlice.reducerPath]: toastSlice.reducer,
  auth: authReducer,
  user: userReducer,
  chat: chatReducer,
  notifications: notificationsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; the app makes one, each test makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const store = makeStore();
