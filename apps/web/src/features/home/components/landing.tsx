import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatRounded from '@mui/icons-material/ChatRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import PollRounded from '@mui/icons-material/PollRounded';
import { accentColor } from '../../../components/accent-color';
import { AgoraLogo } from '../../../components/agora-logo';
import { AreaCard } from './area-card';
import type { Area } from './area-card';
import { HomeFeed } from './home-feed';

const AREAS: readonly Area[] = [
  {
    title: 'Discussions',
    description:
      'Start a thread about anything your community cares about. Reply in Markdown, like the answers that helped, follow tags and bookmark the conversations worth keeping.',
    to: '/discussions',
    icon: ForumRounded,
  },
  {
    title: 'Polls & quizzes',
    description:
      'Ask what the community thinks with a poll, or test what it knows with a quiz, and talk about the results.',
    to: '/polls',
    icon: PollRounded,
  },
  {
    title: 'Chat',
    description:
      'Private one-to-one conversations that arrive live. Block anyone who bothers you, at any time.',
    to: '/chat',
    icon: ChatRounded,
  },
  {
    title: 'Albums',
    description:
      'Share photo albums of trips, events and projects. Pictures are turned upright and their location data removed before anyone sees them.',
    to: '/albums',
    icon: PhotoLibraryRounded,
  },
];

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      sx={(theme) => ({
        background: `radial-gradient(1200px 400px at 80% 0%, rgba(${theme.vars.palette.primary.mainChannel} / 0.18), transparent 70%), linear-gradient(180deg, rgba(${theme.vars.palette.primary.mainChannel} / 0.08), transparent)`,
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 4, md: 7 },
          display: 'grid',
          gap: { xs: 4, md: 8 },
          gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr' },
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography
            variant="overline"
            sx={(theme) => ({
              fontWeight: 700,
              letterSpacing: '0.12em',
              ...accentColor(theme),
            })}
          >
            Open-source community platform
          </Typography>
          <Typography
            id="home-title"
            variant="h1"
            sx={{ mt: 1, fontSize: { xs: '2.25rem', sm: '2.75rem', md: '3.25rem' } }}
          >
            Welcome to Agora, where your community meets.
          </Typography>
          <Typography
            color="text.secondary"
            sx={{ mt: 2, fontSize: { xs: '1.05rem', md: '1.2rem' }, maxWidth: 600 }}
          >
            Discussions, polls, quizzes, photo albums and private chat, together in one friendly
            place. Ask questions, share what you know and get to know the people around you.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: { xs: 3, md: 4 } }}
          >
            <Button component={RouterLink} to="/discussions" variant="contained" size="large">
              Browse discussions
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined" size="large">
              Join Agora — sign up free
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Already a member?{' '}
            <Link component={RouterLink} to="/login">
              Log in
            </Link>
          </Typography>
        </Box>
        <Box
          aria-hidden
          sx={{ display: { xs: 'none', md: 'grid' }, placeItems: 'center', position: 'relative' }}
        >
          <Box
            sx={(theme) => ({
              position: 'absolute',
              width: 320,
              height: 320,
              borderRadius: '50%',
              background: `radial-gradient(circle, rgba(${theme.vars.palette.primary.mainChannel} / 0.35), transparent 65%)`,
              filter: 'blur(8px)',
            })}
          />
          <AgoraLogo
            size={200}
            title=""
            style={{
              position: 'relative',
              filter: 'drop-shadow(0 24px 48px rgba(83, 72, 198, 0.35))',
            }}
          />
        </Box>
      </Container>
    </Box>
  );
}

/** The home page for visitors: what Agora is, what is happening in it, and how to join. */
export function Landing() {
  return (
    <>
      <Hero />
      <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 } }}>
        <HomeFeed
          title="Recent in the community"
          emptyActions={
            <Button component={RouterLink} to="/register" variant="contained">
              Sign up and post the first one
            </Button>
          }
        />
      </Container>
      <Container
        maxWidth="lg"
        component="section"
        aria-labelledby="areas-title"
        sx={{ py: { xs: 6, md: 8 } }}
      >
        <Typography id="areas-title" variant="h2" sx={{ fontSize: { xs: '1.75rem', md: '2rem' } }}>
          Everything your community needs
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4, fontSize: '1.1rem' }}>
          Pick a place to start: reading is open to everyone, taking part needs a free account.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {AREAS.map((area, index) => (
            // The first and the last take two columns, so every row of the grid is full.
            <AreaCard
              key={area.to}
              area={area}
              featured={index === 0 || index === AREAS.length - 1}
            />
          ))}
        </Box>
      </Container>
      <Container maxWidth="lg" sx={{ pb: { xs: 6, md: 10 } }}>
        <Paper
          variant="outlined"
          sx={{
            borderRadius: '20px',
            p: { xs: 3, md: 5 },
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr auto' },
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography variant="h3" component="h2">
              Open source, and yours to run
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 640 }}>
              Agora is free software under the GNU AGPL. Any community can host its own copy with a
              single command, on a small server or scaled out across many.
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={RouterLink} to="/aboutus" variant="outlined">
              About Agora
            </Button>
            <Button component={RouterLink} to="/userguide" variant="text">
              Read the user guide
            </Button>
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
