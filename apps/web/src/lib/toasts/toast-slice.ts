import { createSlice, nanoid } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
}

/** A burst of messages should not cover the page; the oldest ones give way. */
const MAX_VISIBLE_TOASTS = 3;

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastQueued: {
      reducer: (state, action: PayloadAction<Toast>) => {
        state.push(action.payload);
        if (state.length > MAX_VISIBLE_TOASTS) state.splice(0, state.length - MAX_VISIBLE_TOASTS);
      },
      prepare: (message: string, severity: ToastSeverity = 'info') => ({
        payload: { id: nanoid(), message, severity },
      }),
    },
    toastDismissed: (state, action: PayloadAction<string>) =>
      state.filter((toast) => toast.id !== action.payload),
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { toastQueued, toastDismissed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
