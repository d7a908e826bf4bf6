import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TimerOutlined from '@mui/icons-material/TimerOutlined';

interface TimeBarProps {
  /** Milliseconds left before the server's deadline. */
  leftMs: number;
  limitSeconds: number;
}

/**
 * The time left on a started quiz, as a shrinking bar and whole seconds. It announces nothing
 * itself (a screen reader would hear every second); the card announces "Time is up".
 */
export function TimeBar({ leftMs, limitSeconds }: TimeBarProps) {
  const seconds = Math.ceil(leftMs / 1000);
  const share = Math.min(100, (leftMs / (limitSeconds * 1000)) * 100);
  const color = share <= 20 ? 'error' : share <= 50 ? 'warning' : 'primary';
  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.75 }}
      >
        <Typography
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <TimerOutlined sx={{ fontSize: 18 }} />
          Time left
        </Typography>
        <Typography
          variant="body2"
          aria-hidden
          sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: `${color}.main` }}
        >
          {seconds} s
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share}
        color={color}
        aria-label="Time left"
        aria-valuetext={`${seconds} ${seconds === 1 ? 'second' : 'seconds'} left`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
