import { useMemo } from 'react';
import { useAppDispatch } from '../hooks';
import { toastQueued } from './toast-slice';
import type { ToastSeverity } from './toast-slice';

export type ShowToast = (message: string) => void;

/** `const toast = useToast(); toast.success('Saved.')` from any component. */
export function useToast(): Record<ToastSeverity, ShowToast> {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (message) => dispatch(toastQueued(message, 'success')),
      info: (message) => dispatch(toastQueued(message, 'info')),
      warning: (message) => dispatch(toastQueued(message, 'warning')),
      error: (message) => dispatch(toastQueued(message, 'error')),
    }),
    [dispatch],
  );
}
