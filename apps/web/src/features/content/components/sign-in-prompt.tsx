import { Link as RouterLink, useLocation } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import { accentColor } from '../../../components/accent-color';
import { loginPathFor } from '../../auth';

interface SignInPromptProps {
  title: string;
  children: string;
  /** Stack the parts at every width, for a narrow side panel. */
  stacked?: boolean;
}

/**
 * Reading is open to everyone; taking part needs an account. Offers log-in (coming back to this
 * page) and sign-up, like the app's other member-only places.
 */
export function SignInPrompt({ title, children, stacked = false }: SignInPromptProps) {
  const location = useLocation();
  return (
    <Paper
      variant="outlined"
      sx={{
        borderRadius: '16px',
        borderStyle: 'dashed',
        p: { xs: 2.5, sm: 3 },
        display: 'flex',
        flexDirection: stacked ? 'column' : { xs: 'column', sm: 'row' },
        alignItems: stacked ? 'flex-start' : { xs: 'flex-start', sm: 'center' },
        gap: 2,
      }}
    >
      <Box
        sx={(theme) => ({
          width: 48,
          height: 48,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          ...accentColor(theme),
        })}
      >
        <LockOpenRounded />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {children}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
        <Button
          component={RouterLink}
          to={loginPathFor(location.pathname + location.search)}
          variant="contained"
        >
          Log in
        </Button>
        <Button component={RouterLink} to="/register" variant="outlined">
          Sign up
        </Button>
      </Box>
    </Paper>
  );
}
