import SettingsRounded from '@mui/icons-material/SettingsRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function SettingsPage() {
  return (
    <ComingSoonPage
      title="Settings"
      summary="Your profile, password, two-factor sign-in, notifications and sessions."
      icon={SettingsRounded}
      headline="Settings are arriving soon"
      guideAnchor="profile"
    >
      Soon you will be able to edit your profile, change your password, turn on two-factor sign-in,
      choose your notifications, review your sessions and delete your account here.
    </ComingSoonPage>
  );
}
