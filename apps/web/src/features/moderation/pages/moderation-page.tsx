import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import GavelRounded from '@mui/icons-material/GavelRounded';
import { useAppSelector } from '../../../lib/hooks';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RequireAuth } from '../../auth';
import { ContactMessagesPanel } from '../../contact';
import { selectProfile, selectUserError } from '../../users';
import { AuditLogPanel } from '../components/audit-log-panel';
import { MembersPanel } from '../components/members-panel';
import { ReportQueue } from '../components/report-queue';

const TABS = [
  {
    id: 'reports',
    label: 'Reports',
    intro: (
      <>
        Posts members reported, the longest waiting first. <strong>Dismiss</strong> keeps a post
        (and shows it again if reports hid it); <strong>Hide</strong> keeps it from members.
      </>
    ),
  },
  {
    id: 'members',
    label: 'Members',
    intro: (
      <>
        <strong>Silence</strong> a member to stop them posting, commenting, chatting and uploading;{' '}
        <strong>suspend</strong> them to stop them signing in. They are told why and until when.
      </>
    ),
  },
  {
    id: 'log',
    label: 'Log',
    intro: <>Every staff action, newest first: who did what, to whom, when and why.</>,
  },
  {
    id: 'messages',
    label: 'Messages',
    intro: <>What people sent through Contact us, newest first. Answer them by email.</>,
  },
] as const;
type TabId = (typeof TABS)[number]['id'];

function isTab(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

function PageSkeleton() {
  return <Skeleton variant="rounded" height={200} sx={{ borderRadius: '16px' }} />;
}

function Moderation() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'reports';
  const profile = useAppSelector(selectProfile);
  const profileError = useAppSelector(selectUserError);

  let body;
  if (!profile) {
    body = profileError ? <Alert severity="error">{profileError}</Alert> : <PageSkeleton />;
  } else if (!profile.isStaff) {
    body = (
      <EmptyState
        icon={GavelRounded}
        title="Only staff can see this page"
        actions={
          <Button component={RouterLink} to="/discussions" variant="contained">
            Go to discussions
          </Button>
        }
      >
        Staff members review reported posts here. To report something, use the flag next to it.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Tabs
          value={tab}
          onChange={(_event, value: TabId) =>
            setParams(value === 'reports' ? {} : { tab: value }, { preventScrollReset: true })
          }
          aria-label="Staff tools"
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          {TABS.map((item) => (
            <Tab
              key={item.id}
              value={item.id}
              label={item.label}
              id={`staff-tab-${item.id}`}
              aria-controls="staff-panel"
              sx={{ textTransform: 'none', fontWeight: 600, minWidth: 0, px: 2 }}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="staff-panel" aria-labelledby={`staff-tab-${tab}`}>
          {tab === 'reports' && <ReportQueue />}
          {tab === 'members' && <MembersPanel />}
          {tab === 'log' && <AuditLogPanel />}
          {tab === 'messages' && <ContactMessagesPanel />}
        </Box>
      </>
    );
  }

  return (
    <PageContainer title="Moderation" maxWidth="md">
      <PageHeader title="Moderation">
        {profile?.isStaff && TABS.find((item) => item.id === tab)?.intro}
      </PageHeader>
      {body}
    </PageContainer>
  );
}

/**
 * /moderation: the staff page: reported content, members' standing, the audit log and the
 * Contact us messages.
 */
export default function ModerationPage() {
  return (
    <RequireAuth>
      <Moderation />
    </RequireAuth>
  );
}
