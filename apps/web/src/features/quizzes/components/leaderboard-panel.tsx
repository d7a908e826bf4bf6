import { useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { Avatar } from '../../../components/avatar';
import { useAppSelector } from '../../../lib/hooks';
import { selectProfile } from '../../users';
import { useGetLeaderboardQuery } from '../quizzes-api';
import type { LeaderboardPeriod } from '../quizzes-api';

/** How many places show before "Show all". */
const SHOWN = 5;

const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { week: 'This week', all: 'All time' };

/** The members with the most correct answers this week or ever, the viewer highlighted. */
export function LeaderboardPanel() {
  const me = useAppSelector(selectProfile);
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const [expanded, setExpanded] = useState(false);
  const { data, isLoading, isError, refetch } = useGetLeaderboardQuery(period);
  const results = data?.results ?? [];
  const shown = expanded ? results : results.slice(0, SHOWN);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="quiz-leaderboard-title"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <EmojiEventsRounded sx={{ color: 'warning.main' }} aria-hidden />
        <Typography id="quiz-leaderboard-title" variant="h6" component="h2">
          Leaderboard
        </Typography>
      </Stack>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        value={period}
        aria-label="Leaderboard period"
        onChange={(_event, next: LeaderboardPeriod | null) => {
          if (next) {
            setPeriod(next);
            setExpanded(false);
          }
        }}
        sx={{ mb: 1.5 }}
      >
        {(['week', 'all'] as const).map((value) => (
          <ToggleButton key={value} value={value} sx={{ textTransform: 'none', fontWeight: 600 }}>
            {PERIOD_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {isLoading ? (
        <Stack spacing={1} aria-hidden>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={36} />
          ))}
        </Stack>
      ) : isError ? (
        <Typography variant="body2" color="textSecondary">
          The leaderboard could not be loaded.{' '}
          <Link component="button" variant="body2" onClick={() => void refetch()}>
            Try again
          </Link>
        </Typography>
      ) : results.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {period === 'week'
            ? 'No correct answers this week yet. Get one right to lead the board.'
            : 'No correct answers yet. Get one right to lead the board.'}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={`Leaderboard, ${PERIOD_LABELS[period].toLowerCase()}`}
          sx={{ m: 0, p: 0 }}
        >
          {shown.map((entry) => {
            const mine = me?.id === entry.user.id;
            return (
              <Box
                component="li"
                key={entry.user.id}
                aria-current={mine ? 'true' : undefined}
                sx={{
                  listStyle: 'none',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.25,
                  py: 0.75,
                  px: 1,
                  mx: -1,
                  borderRadius: '10px',
                  bgcolor: mine ? 'action.selected' : undefined,
                }}
              >
                <Typography
                  aria-label={`Rank ${entry.rank}`}
                  sx={{ width: 24, textAlign: 'right', fontWeight: 700, color: 'text.secondary' }}
                >
                  {entry.rank}
                </Typography>
                <Avatar name={entry.user.username} src={entry.user.avatar} size={28} />
                <Link
                  component={RouterLink}
                  to={`/user-info/${encodeURIComponent(entry.user.username)}`}
                  color="inherit"
                  underline="hover"
                  noWrap
                  sx={{ flex: 1, minWidth: 0, fontWeight: mine ? 700 : 500 }}
                >
                  {entry.user.username}
                  {mine && ' (you)'}
                </Link>
                <Typography
                  variant="body2"
                  title={`${entry.correct} correct of ${entry.answered} answered`}
                  sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
                >
                  {entry.correct.toLocaleString()}
                  <Typography component="span" variant="body2" color="textSecondary">
                    {' '}
                    / {entry.answered.toLocaleString()}
                  </Typography>
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
      {results.length > SHOWN && (
        <Button
          size="small"
          fullWidth
          onClick={() => setExpanded((value) => !value)}
          sx={{ mt: 1 }}
        >
          {expanded ? 'Show fewer' : `Show all ${results.length}`}
        </Button>
      )}
      {results.length > 0 && (
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 1 }}>
          Correct answers / quizzes answered.
        </Typography>
      )}
    </Paper>
  );
}
