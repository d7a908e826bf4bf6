import { useSearchParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAppSelector } from '../../../lib/hooks';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RequireAuth } from '../../auth';
import { selectProfile, selectUserError } from '../../users';
import { DeleteAccountSection } from '../components/delete-account-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SecuritySection } from '../components/security-section';
import { SessionsSection } from '../components/sessions-section';
import { StorageSection } from '../components/storage-section';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
  { id: 'security', label: 'Security' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'storage', label: 'Storage' },
  { id: 'account', label: 'Delete account' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function isTab(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

function Settings() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'profile';
  const profile = useAppSelector(selectProfile);
  const profileError = useAppSelector(selectUserError);

  const panel = () => {
    if (tab === 'password') return <PasswordSection />;
    if (tab === 'sessions') return <SessionsSection />;
    if (tab === 'storage') return <StorageSection />;
    if (tab === 'account') return <DeleteAccountSection />;
    if (!profile) {
      return profileError ? (
        <Alert severity="error">{profileError}</Alert>
      ) : (
        <Skeleton variant="rounded" height={320} sx={{ borderRadius: '16px' }} />
      );
    }
    if (tab === 'security') return <SecuritySection profile={profile} />;
    // Keyed by member, so a fresh profile after sign-in refills the form.
    return <ProfileSection key={profile.id} profile={profile} />;
  };

  return (
    <PageContainer title="Settings">
      <PageHeader title="Settings">
        Your profile, password, two-factor sign-in, notifications, sessions and storage.
      </PageHeader>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
          gap: { xs: 2, md: 4 },
          alignItems: 'start',
        }}
      >
        <Tabs
          // Remounted when the layout turns, so the indicator is measured for the new orientation.
          key={wide ? 'vertical' : 'horizontal'}
          value={tab}
          onChange={(_event, value: TabId) => setParams({ tab: value }, { replace: true })}
          orientation={wide ? 'vertical' : 'horizontal'}
          variant={wide ? 'standard' : 'scrollable'}
          allowScrollButtonsMobile
          aria-label="Settings sections"
          sx={{
            ...(wide
              ? { borderRight: 1, borderColor: 'divider' }
              : { borderBottom: 1, borderColor: 'divider', mx: { xs: -2, sm: 0 } }),
            '& .MuiTab-root': { alignItems: wide ? 'flex-start' : 'center', minHeight: 48 },
          }}
        >
          {TABS.map((item) => (
            <Tab
              key={item.id}
              value={item.id}
              label={item.label}
              id={`settings-tab-${item.id}`}
              aria-controls="settings-panel"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
          {panel()}
        </Box>
      </Box>
    </PageContainer>
  );
}

export default function SettingsPage() {
  return (
    <RequireAuth>
      <Settings />
    </RequireAuth>
  );
}
