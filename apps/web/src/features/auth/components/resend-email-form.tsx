import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZResendEmail } from '@agora/shared';
import type { ResendEmail } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useToast } from '../../../lib/toasts/use-toast';
import { useResendEmailMutation } from '../auth-api';
import { apiFailure } from '../../../lib/api-error';
import { applyServerErrors } from '../form-errors';
import { bindField } from './form-fields';

/** Asks for a new verification link; the answer never says whether the address has an account. */
export function ResendEmailForm({ email = '' }: { email?: string }) {
  const toast = useToast();
  const [resend] = useResendEmailMutation();
  const form = useForm<ResendEmail>({
    resolver: zodResolver(ZResendEmail),
    defaultValues: { email },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await resend(body).unwrap();
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['email'], form.setError, message);
      if (rest) toast.error(rest);
      return;
    }
    toast.success('If that address is waiting for confirmation, a new link is on its way.');
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' }, width: '100%' }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        size="small"
        fullWidth
        {...bindField(form, 'email')}
      />
      <Button
        type="submit"
        variant="outlined"
        loading={form.formState.isSubmitting}
        sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'flex-start' }, height: 40 }}
      >
        Send a new link
      </Button>
    </Box>
  );
}
