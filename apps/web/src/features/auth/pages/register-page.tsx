import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import {
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  ZRegistration,
} from '@agora/shared';
import type { Registration } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { selectIsAuthenticated, signUp } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { bindField, PasswordField } from '../components/form-fields';
import { safeNextPath } from '../components/require-auth';
import { applyServerErrors } from '../form-errors';

const FIELDS = ['username', 'email', 'password1', 'password2'] as const;

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Registration>({
    resolver: zodResolver(ZRegistration),
    defaultValues: { username: '', email: '', password1: '', password2: '' },
  });
  const { isSubmitting, isSubmitSuccessful } = form.formState;

  // A member has an account already: home, as the login page does. A sign-up that just
  // succeeded is on its way to the "check your email" page instead.
  if (isAuthenticated && !isSubmitting && !isSubmitSuccessful) {
    return <Navigate to={next} replace />;
  }

  const onSubmit = form.handleSubmit(async (registration) => {
    setFormError(null);
    const result = await dispatch(signUp(registration));
    if (signUp.fulfilled.match(result)) {
      toast.success(`Welcome to Agora, ${result.payload.user.username}!`);
      await navigate(`/verify-email?sent=${encodeURIComponent(result.payload.user.email)}`, {
        replace: true,
      });
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
      title="Create your account"
      subtitle="Join the community: discussions, polls, quizzes and chat."
      footer={
        <>
          Already a member?{' '}
          <Link component={RouterLink} to={`/login${nextQuery}`} sx={{ fontWeight: 600 }}>
            Log in
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
            label="Username"
            autoComplete="username"
            autoFocus
            fullWidth
            {...bindField(
              form,
              'username',
              `${USERNAME_MIN_LENGTH}–${USERNAME_MAX_LENGTH} letters, digits, _ . or -. Others see it.`,
            )}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
            {...bindField(form, 'email', 'We send a link to confirm it. Never shown to others.')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            fullWidth
            {...bindField(
              form,
              'password1',
              `At least ${PASSWORD_MIN_LENGTH} characters, not only digits, not a common password and not like your username.`,
            )}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            fullWidth
            {...bindField(form, 'password2')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            Sign up
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
