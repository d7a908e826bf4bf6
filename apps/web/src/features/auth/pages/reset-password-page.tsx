import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from '../../../lib/router';
import { PASSWORD_MIN_LENGTH, ZPasswordResetConfirm } from '@agora/shared';
import type { PasswordResetConfirm } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { clearTokens } from '../../../lib/cookies';
import { useConfirmPasswordResetMutation } from '../auth-api';
import { selectIsAuthenticated, sessionEnded } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { bindField, PasswordField } from '../components/form-fields';
import { apiFailure } from '../../../lib/api-error';
import { applyServerErrors } from '../form-errors';

const FIELDS = ['new_password1', 'new_password2'] as const;

/** The form behind the mailed link PUBLIC_URL/reset-password/<uid>/<token>. */
export default function ResetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [confirm] = useConfirmPasswordResetMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordResetConfirm>({
    resolver: zodResolver(ZPasswordResetConfirm),
    defaultValues: { new_password1: '', new_password2: '' },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await confirm({ uid, token, ...body }).unwrap();
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, FIELDS, form.setError, message);
      if (rest !== undefined) setFormError(rest);
      return;
    }
    // A reset signs the account out everywhere, this browser included.
    if (isAuthenticated) {
      clearTokens();
      dispatch(sessionEnded());
    }
    toast.success('Your password is changed. Log in with the new one.');
    await navigate('/login', { replace: true });
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Back to log in
        </Link>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" component={RouterLink} to="/forgot-password">
                  New link
                </Button>
              }
            >
              {formError}
            </Alert>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            autoFocus
            fullWidth
            {...bindField(
              form,
              'new_password1',
              `At least ${PASSWORD_MIN_LENGTH} characters, not only digits, not a common password.`,
            )}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            fullWidth
            {...bindField(form, 'new_password2')}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            Save new password
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
