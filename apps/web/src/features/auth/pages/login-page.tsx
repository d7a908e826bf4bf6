import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, Navigate, useSearchParams } from '../../../lib/router';
import type { z } from 'zod';
import { ZLogin } from '@agora/shared';
import type { Login } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { login, selectIsAuthenticated } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { bindField, PasswordField } from '../components/form-fields';
import { safeNextPath } from '../components/require-auth';
import { SocialLogin } from '../components/social-login';
import { applyServerErrors } from '../form-errors';

type LoginInput = z.input<typeof ZLogin>;
const FIELDS = ['username', 'password'] as const;

/** After a two-factor answer: the login finishes from the link the server mailed. */
function CheckEmail({ detail, onBack }: { detail: string; onBack: () => void }) {
  return (
    <AuthCard title="Check your email for the sign-in link">
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <MarkEmailUnreadRounded color="primary" sx={{ fontSize: 56 }} />
        <Typography>{detail}</Typography>
        <Typography color="textSecondary" variant="body2">
          Two-factor sign-in is on for this account. Nothing arrived? Check your spam folder, or log
          in again for a new link.
        </Typography>
        <Button variant="outlined" onClick={onBack}>
          Back to log in
        </Button>
      </Stack>
    </AuthCard>
  );
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [twoFaDetail, setTwoFaDetail] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(ZLogin),
    defaultValues: { username: '', password: '', keepmeloggedin: false },
  });

  if (isAuthenticated) return <Navigate to={next} replace />;
  if (twoFaDetail !== null) {
    return <CheckEmail detail={twoFaDetail} onBack={() => setTwoFaDetail(null)} />;
  }

  const onSubmit = form.handleSubmit(async (credentials) => {
    setFormError(null);
    const result = await dispatch(login(credentials));
    if (login.fulfilled.match(result)) {
      if ('twoFa' in result.payload) setTwoFaDetail(result.payload.detail);
      else toast.success('Welcome back!');
      return;
    }
    const rest = applyServerErrors(
      result.meta.body,
      FIELDS,
      form.setError,
      result.payload ?? undefined,
    );
    if (rest !== undefined) setFormError(rest);
  });

  const nextQuery = next === '/' ? '' : `?next=${encodeURIComponent(next)}`;

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back to Agora."
      footer={
        <>
          New here?{' '}
          <Link component={RouterLink} to={`/register${nextQuery}`} sx={{ fontWeight: 600 }}>
            Create an account
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <TextField
            label="Username or email"
            autoComplete="username"
            autoFocus
            fullWidth
            {...bindField(form, 'username')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            fullWidth
            {...bindField(form, 'password')}
          />
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
              mt: '8px !important',
            }}
          >
            <Controller
              name="keepmeloggedin"
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  label="Keep me logged in"
                  control={
                    <Checkbox
                      checked={field.value ?? false}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
            <Link
              component={RouterLink}
              to="/forgot-password"
              variant="body2"
              sx={{ fontWeight: 600 }}
            >
              Forgot password?
            </Link>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            Log in
          </Button>
        </Stack>
      </Box>
      <SocialLogin onSignedIn={() => toast.success('Welcome to Agora!')} />
    </AuthCard>
  );
}
