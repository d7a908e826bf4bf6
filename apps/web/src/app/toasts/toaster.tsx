import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { TOAST_AUTO_HIDE_MS } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectToasts, toastDismissed } from '../../lib/toasts/toast-slice';
import type { Toast } from '../../lib/toasts/toast-slice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();

  // Our own timer rather than Snackbar's autoHideDuration, which pauses while the window is
  // unfocused or hovered: SPEC §2 says a toast hides after exactly 2 seconds.
  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.id]);

  return (
    <Alert
      variant="filled"
      severity={toast.severity}
      onClose={() => dispatch(toastDismissed(toast.id))}
      sx={{ boxShadow: 6, alignItems: 'center', pointerEvents: 'auto' }}
    >
      {toast.message}
    </Alert>
  );
}

/** Renders every queued toast; mounted once, beside the router. */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <Stack
      spacing={1}
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        bottom: { xs: 16, sm: 24 },
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'calc(100vw - 32px)',
        pointerEvents: 'none',
      })}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}
