import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { useVerifyEmailMutation } from '../auth-api';
import { AuthCard } from '../components/auth-card';
import { ResendEmailForm } from '../components/resend-email-form';
import { apiFailure } from '../../../lib/api-error';

type Outcome = { state: 'checking' } | { state: 'verified' } | { state: 'failed'; message: string };

/** The landing page of the mailed link PUBLIC_URL/verify-email/<key>. */
export default function VerifyEmailPage() {
  const { key = '' } = useParams();
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  // StrictMode runs effects twice in development; the key is posted once.
  const posted = useRef<string | null>(null);

  useEffect(() => {
    if (posted.current === key) return;
    posted.current = key;
    verify({ key })
      .unwrap()
      .then(() => setOutcome({ state: 'verified' }))
      .catch((error: unknown) =>
        setOutcome({ state: 'failed', message: apiFailure(error).message }),
      );
  }, [key, verify]);

  if (outcome.state === 'checking') {
    return (
      <AuthCard title="Confirming your email">
        <Stack sx={{ alignItems: 'center', py: 2 }} spacing={2}>
          <CircularProgress aria-label="Confirming" />
          <Typography color="textSecondary">One moment…</Typography>
        </Stack>
      </AuthCard>
    );
  }

  if (outcome.state === 'verified') {
    return (
      <AuthCard title="Email confirmed">
        <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <TaskAltRounded color="success" sx={{ fontSize: 56 }} />
          <Typography>Thank you: your email address is confirmed.</Typography>
          <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth>
            Continue to Agora
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="That link did not work">
      <Alert severity="error">{outcome.message}</Alert>
      <Typography sx={{ mt: 2.5 }} color="textSecondary">
        Links work once and expire after a while. Enter your email to get a new one.
      </Typography>
      <Divider sx={{ my: 2.5 }} />
      <ResendEmailForm />
    </AuthCard>
  );
}
