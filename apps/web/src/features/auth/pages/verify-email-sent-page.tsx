import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { ResendEmailForm } from '../components/resend-email-form';

/**
 * After sign-up: a verification link is on its way. The address is a page of its own, so a
 * signed-out visitor (a bookmark, a sign-up in another tab since ended) is sent to log in.
 */
export default function VerifyEmailSentPage() {
  const [params] = useSearchParams();
  const email = params.get('sent') ?? '';
  const signedIn = useAppSelector(selectIsAuthenticated);

  return (
    <AuthCard title="Confirm your email">
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <MarkEmailUnreadRounded color="primary" sx={{ fontSize: 56 }} />
        <Typography>
          {email ? (
            <>
              We sent a verification link to <strong>{email}</strong>.
            </>
          ) : (
            'We sent you a verification link.'
          )}{' '}
          Open it to confirm your address.
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {signedIn
            ? 'You are already signed in and can look around meanwhile.'
            : 'Once it is confirmed, log in with your username or email.'}
        </Typography>
        <Button
          component={RouterLink}
          to={signedIn ? '/' : '/login'}
          variant="contained"
          size="large"
          fullWidth
        >
          {signedIn ? 'Continue to Agora' : 'Log in'}
        </Button>
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          No email after a few minutes? Check your spam folder, or ask for another link.
        </Typography>
        <ResendEmailForm email={email} />
      </Box>
    </AuthCard>
  );
}
