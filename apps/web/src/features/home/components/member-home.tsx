import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { displayNameOf, selectProfile } from '../../users';
import { useAppSelector } from '../../../lib/hooks';
import { HomeFeed } from './home-feed';
import { HomePanel, PanelSkeleton } from './home-panel';

// Chats, notifications and tags come after the list a member reads first.
const MemberPanels = lazy(() => import('./member-panels'));

const START = [
  { label: 'Discussion', to: '/discussions/new' },
  { label: 'Poll', to: '/polls/new' },
  { label: 'Quiz', to: '/quizzes/new' },
] as const;

function PanelsLoading() {
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      {['Unread chats', 'Notifications'].map((title) => (
        <HomePanel key={title} title={title}>
          <PanelSkeleton lines={2} />
        </HomePanel>
      ))}
    </Box>
  );
}

/** A signed-in member's home: what is new in the community, and what waits for them. */
export function MemberHome() {
  const profile = useAppSelector(selectProfile);
  const name = profile ? displayNameOf(profile).split(' ')[0] : null;
  // On a phone the panels come under the list: shown before it, they would move when the list
  // replaces its placeholder (a short list pulls them up). Beside it, they wait for nothing.
  const [listShown, setListShown] = useState(false);
  const showPanels = useCallback(() => setListShown(true), []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
          mb: { xs: 2, md: 3 },
        }}
      >
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, flex: 1, overflowWrap: 'anywhere' }}
        >
          {name ? 'Welcome back, ' : 'Welcome back'}
          {/* On a phone the name has its own line from the start: it arrives with the profile. */}
          <Box
            component="span"
            sx={{ display: { xs: 'block', sm: 'inline' }, minHeight: { xs: '1.2em', sm: 0 } }}
          >
            {name}
          </Box>
        </Typography>
        <Box
          role="group"
          aria-label="Start something"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          {START.map((start) => (
            <Button
              key={start.to}
              component={RouterLink}
              to={start.to}
              variant="outlined"
              size="small"
              startIcon={<AddRounded />}
            >
              {start.label}
            </Button>
          ))}
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <HomeFeed
          title="What’s new"
          withTrending
          onShown={showPanels}
          emptyActions={
            <>
              <Button component={RouterLink} to="/discussions/new" variant="contained">
                Start a discussion
              </Button>
              <Button component={RouterLink} to="/polls/new" variant="outlined">
                Ask with a poll
              </Button>
            </>
          }
        />
        <Box sx={{ display: { xs: listShown ? 'block' : 'none', md: 'block' } }}>
          <Suspense fallback={<PanelsLoading />}>
            <MemberPanels />
          </Suspense>
        </Box>
      </Box>
    </Container>
  );
}
