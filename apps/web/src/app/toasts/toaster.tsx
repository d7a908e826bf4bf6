import { useEffect } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@agora/shared';
import { plainIconButton } from '../../components/plain/button';
import { PlainIcon } from '../../components/plain-icon';
import type { ICON_PATHS } from '../../components/plain-icon';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectToasts, toastDismissed } from '../../lib/toasts/toast-slice';
import type { Toast, ToastSeverity } from '../../lib/toasts/toast-slice';
import alert from '../../components/plain/alert.module.css';
import styles from './toaster.module.css';

/** MUI Alert's icon for each severity. */
const ICONS: Record<ToastSeverity, keyof typeof ICON_PATHS> = {
  success: 'alertSuccess',
  info: 'alertInfo',
  warning: 'alertWarning',
  error: 'errorOutline',
};

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();

  // Our own timer rather than Snackbar's autoHideDuration, which pauses while the window is
  // unfocused or hovered: SPEC §2 says a toast hides after exactly 2 seconds.
  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.id]);

  return (
    <div
      role="alert"
      data-severity={toast.severity}
      className={`${alert.alert} ${alert.filled} ${styles.toast}`}
    >
      <div className={alert.icon}>
        <PlainIcon name={ICONS[toast.severity]} size={22} />
      </div>
      <div className={alert.message}>{toast.message}</div>
      <div className={alert.action}>
        <button
          type="button"
          className={plainIconButton({ size: 'small' })}
          aria-label="Close"
          title="Close"
          onClick={() => dispatch(toastDismissed(toast.id))}
        >
          <PlainIcon name="alertClose" size={20} />
        </button>
      </div>
    </div>
  );
}

/**
 * Renders every queued toast; mounted once, beside the router. Plain elements, as MUI's filled
 * Alert looks: a toast must show at once, also when the network that failed an action could not
 * fetch MUI's code now.
 */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className={styles.stack}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
