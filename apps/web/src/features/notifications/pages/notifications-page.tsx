import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function NotificationsPage() {
  return (
    <ComingSoonPage
      title="Notifications"
      summary="Replies, likes and other activity that concerns you."
      icon={NotificationsNoneRounded}
      headline="Notifications are arriving soon"
      guideAnchor="notifications"
    >
      Soon this page will list what happened while you were away, live, with desktop notifications
      if you allow them.
    </ComingSoonPage>
  );
}
