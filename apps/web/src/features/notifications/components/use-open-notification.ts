import { useNavigate } from '../../../lib/router';
import type { NotificationItem } from '@agora/shared';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { setNotificationViewed } from '../notification-slice';

/**
 * Opening a notification: marks it viewed (SPEC §4: through the set-viewed call, which updates
 * the bell's list and the cached pages) and goes to what it is about.
 */
export function useOpenNotification() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  return (item: NotificationItem) => {
    if (!item.viewed) {
      void dispatch(setNotificationViewed(item.id)).then((result) => {
        if (setNotificationViewed.rejected.match(result) && result.payload) {
          toast.error(result.payload);
        }
      });
    }
    const { url } = item.targetObject;
    // Targets are paths inside the app; anything else opens as a plain link.
    if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
    else window.location.assign(url);
  };
}
