import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth';
import { chatReducer } from '../features/chat';
import { notificationsReducer } from '../features/notifications';
import { userReducer } from '../features/users';
import { api } from '../lib/api';
import { toastSlice } from '../lib/toasts/toast-slice';

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

// Gives the typed hooks in lib/ the store's types without lib importing app/. (Written out
// rather than as RootState and AppDispatch, names that inside this block mean lib's own.)
declare module '../lib/hooks' {
  interface StoreTypes {
    state: ReturnType<typeof rootReducer>;
    dispatch: AppStore['dispatch'];
  }
}

export const store = makeStore();
