import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from '../../../lib/router';
import { ZPasswordReset } from '@agora/shared';
import type { PasswordReset } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import { useResetPasswordMutation } from '../auth-api';
import { AuthCard } from '../components/auth-card';
import { bindField } from '../components/form-fields';
import { apiFailure } from '../../../lib/api-error';
import { applyServerErrors } from '../form-errors';

const backToLogin = (
  <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
    Back to log in
  </Link>
);

export default function ForgotPasswordPage() {
  const [reset] = useResetPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordReset>({
    resolver: zodResolver(ZPasswordReset),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await reset(body).unwrap();
      setSentTo(body.email);
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['email'], form.setError, message);
      if (rest !== undefined) setFormError(rest);
    }
  });

  if (sentTo !== null) {
    return (
      <AuthCard title="Check your email" footer={backToLogin}>
        <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <MarkEmailReadRounded color="primary" sx={{ fontSize: 56 }} />
          <Typography>
            If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new
            password. The link works once, for one hour.
          </Typography>
          <Button variant="outlined" onClick={() => setSentTo(null)}>
            Use another address
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new one."
      footer={backToLogin}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            {...bindField(form, 'email')}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            Send reset link
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
