import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { loginWithTwoFactor } from '../auth-slice';
import { AuthCard } from '../components/auth-card';

/** The landing page of the mailed two-factor link: it completes the login, then goes home. */
export default function TwofaTokenPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  // The token works once: StrictMode's second effect run must not spend it again.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    void dispatch(loginWithTwoFactor(token)).then((result) => {
      if (loginWithTwoFactor.fulfilled.match(result)) {
        toast.success(`Welcome back, ${result.payload.user.username}!`);
        void navigate('/', { replace: true });
      } else {
        setFailure(result.payload ?? 'This sign-in link did not work.');
      }
    });
  }, [token, dispatch, navigate, toast]);

  if (failure === null) {
    return (
      <AuthCard title="Signing you in">
        <Stack sx={{ alignItems: 'center', py: 2 }} spacing={2}>
          <CircularProgress aria-label="Signing in" />
          <Typography color="textSecondary">Checking your sign-in link…</Typography>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="That sign-in link did not work">
      <Stack spacing={2.5}>
        <Alert severity="error">{failure}</Alert>
        <Typography color="textSecondary">
          A sign-in link works once and only for 10 minutes. Log in again to get a new one.
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Back to log in
        </Button>
      </Stack>
    </AuthCard>
  );
}
