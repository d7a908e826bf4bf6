import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, ZPasswordChange } from '@agora/shared';
import type { PasswordChange } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useToast } from '../../../lib/toasts/use-toast';
import {
  apiFailure,
  applyServerErrors,
  bindField,
  PasswordField,
  useChangePasswordMutation,
} from '../../auth';
import { SettingsSection } from './settings-section';

const FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;
const EMPTY = { old_password: '', new_password1: '', new_password2: '' };

export function PasswordSection() {
  const toast = useToast();
  const [change] = useChangePasswordMutation();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(ZPasswordChange),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await change(body).unwrap();
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, FIELDS, form.setError, message);
      if (rest !== undefined) toast.error(rest);
      return;
    }
    form.reset(EMPTY);
    toast.success('Your password is changed.');
  });

  return (
    <SettingsSection title="Password" description="Use a password you do not use anywhere else.">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 460 }}>
        <Stack spacing={2.5}>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...bindField(form, 'old_password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...bindField(
              form,
              'new_password1',
              `At least ${PASSWORD_MIN_LENGTH} characters, not only digits, not a common password.`,
            )}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...bindField(form, 'new_password2')}
          />
          <Box>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              Change password
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
