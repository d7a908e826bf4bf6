import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import PersonOffRounded from '@mui/icons-material/PersonOffRounded';
import PlaceRounded from '@mui/icons-material/PlaceRounded';
import { useAppSelector } from '../../../lib/hooks';
import { missingAtLoad } from '../../../lib/missing-page';
import { EmptyState } from '../../../components/empty-state';
import { MemberChatActions } from '../../chat';
import { PageContainer } from '../../../components/page-container';
import { screenReaderOnly } from '../../../components/screen-reader-only';
import { StaffBadge } from '../../../components/staff-badge';
import { QuizRecordCard } from '../../quizzes';
import { MemberActivity } from '../components/member-activity';
import { displayNameOf, UserAvatar } from '../components/user-avatar';
import { selectProfile } from '../user-slice';
import { useGetPublicProfileQuery } from '../users-api';

const memberSince = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

function statusOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error
    ? (error.status as number | null)
    : null;
}

/** The page's h1 while there is no member to name: read by screen readers, not shown. */
function HiddenTitle() {
  return (
    <Typography variant="h1" sx={screenReaderOnly}>
      Member profile
    </Typography>
  );
}

/** A member's public profile at /user-info/:username. */
export default function UserInfoPage() {
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  // Opened at a missing member's address, the page came with the server's 404: no need to ask.
  const knownMissing = useMemo(() => missingAtLoad(pathname), [pathname]);
  const {
    data: member,
    error,
    isLoading,
    refetch,
  } = useGetPublicProfileQuery(username, {
    skip: knownMissing,
  });
  const me = useAppSelector(selectProfile);

  if (isLoading) {
    return (
      <PageContainer title="Member profile" maxWidth="md">
        <HiddenTitle />
        <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 3, sm: 5 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
            <Skeleton variant="circular" width={112} height={112} />
            <Box sx={{ flex: 1, width: '100%' }}>
              <Skeleton width="50%" height={44} />
              <Skeleton width="30%" />
              <Skeleton width="80%" />
            </Box>
          </Stack>
        </Paper>
      </PageContainer>
    );
  }

  if (!member) {
    const missing = knownMissing || statusOf(error) === 404;
    return (
      <PageContainer title={missing ? 'No member by that name' : 'Member profile'} maxWidth="md">
        <HiddenTitle />
        {missing ? (
          <EmptyState
            icon={PersonOffRounded}
            title="No member by that name"
            actions={
              <Button component={RouterLink} to="/" variant="contained">
                Go to the home page
              </Button>
            }
          >
            Nobody here goes by <strong>{username}</strong>. Check the spelling, or the member may
            have changed their name or left.
          </EmptyState>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Try again
              </Button>
            }
          >
            {(error as { message?: string } | undefined)?.message ??
              'This profile could not be loaded.'}
          </Alert>
        )}
      </PageContainer>
    );
  }

  const name = displayNameOf(member);
  const isMe = me?.username === member.username;

  return (
    <PageContainer title={name} maxWidth="md">
      <Paper
        variant="outlined"
        sx={{ borderRadius: '20px', overflow: 'hidden', bgcolor: 'background.paper' }}
      >
        <Box
          sx={(theme) => ({
            height: { xs: 88, sm: 120 },
            background: `linear-gradient(120deg, ${theme.vars.palette.primary.main}, ${theme.vars.palette.primary.light})`,
          })}
        />
        <Box sx={{ px: { xs: 2.5, sm: 5 }, pb: { xs: 3, sm: 5 } }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'flex-end',
              justifyContent: 'space-between',
              gap: 2,
              mt: { xs: '-48px', sm: '-60px' },
            }}
          >
            <UserAvatar
              user={member}
              size={112}
              style={{ border: '4px solid var(--mui-palette-background-paper)', fontSize: 40 }}
            />
            {isMe && (
              <Button
                component={RouterLink}
                to="/setting"
                variant="outlined"
                startIcon={<EditRounded />}
              >
                Edit profile
              </Button>
            )}
            {me && !isMe && (
              <MemberChatActions
                member={{
                  id: member.id,
                  username: member.username,
                  displayName: name,
                  avatar: member.avatar,
                }}
              />
            )}
          </Box>
          {/* A long name or username with no space wraps instead of being cut off. */}
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mt: 2, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            @{member.username}
            <StaffBadge role={member.role} />
          </Typography>
          <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            {member.country && (
              <Chip icon={<PlaceRounded />} label={member.country} variant="outlined" />
            )}
            <Chip
              icon={<CalendarMonthRounded />}
              label={`Member since ${memberSince.format(new Date(member.dateJoined))}`}
              variant="outlined"
            />
          </Stack>
          <Typography
            sx={{ mt: 3, whiteSpace: 'pre-wrap', maxWidth: 680 }}
            color={member.bio ? 'text.primary' : 'text.secondary'}
          >
            {member.bio || `${name} has not written a bio yet.`}
          </Typography>
        </Box>
      </Paper>
      <Box sx={{ mt: 3 }}>
        <QuizRecordCard username={member.username} title="Quiz record" />
      </Box>
      <MemberActivity username={member.username} name={name} isMe={isMe} />
    </PageContainer>
  );
}
