import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  ZContactMessageInput,
} from '@agora/shared';
import type { ContactMessageInput, PrivateUser } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendRounded from '@mui/icons-material/SendRounded';
import { useState } from 'react';
import { apiFailure, applyServerErrors, bindField } from '../../auth';
import { useSendContactMessageMutation } from '../contact-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Kept off screen and out of the tab order: only a robot filling every input finds it. */
const HONEYPOT_SX = {
  position: 'absolute',
  left: '-10000px',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
} as const;

interface ContactFormProps {
  /** The signed-in member, whose name and address fill the form to start with. */
  profile: PrivateUser | null;
  onSent: (email: string) => void;
}

export function ContactForm({ profile, onSent }: ContactFormProps) {
  const [send] = useSendContactMessageMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const fullName = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(ZContactMessageInput),
    defaultValues: {
      name: fullName || (profile?.username ?? ''),
      email: profile?.email ?? '',
      subject: '',
      message: '',
      [CONTACT_HONEYPOT_FIELD]: '',
    },
  });
  const length = useWatch({ control: form.control, name: 'message' }).length;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await send(body).unwrap();
      onSent(body.email);
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, FIELDS, form.setError, message);
      if (rest !== undefined) setFormError(rest);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact us">
      <Stack spacing={2.5}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label="Your name" autoComplete="name" required {...bindField(form, 'name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...bindField(form, 'email', 'We answer at this address.')}
          />
        </Box>
        <TextField label="Subject" required {...bindField(form, 'subject')} />
        <TextField
          label="Message"
          multiline
          minRows={6}
          required
          {...bindField(form, 'message', `${length}/${CONTACT_MESSAGE_MAX_LENGTH}`)}
        />
        <Box aria-hidden="true" sx={HONEYPOT_SX}>
          <label htmlFor="field-website">Leave this empty</label>
          <input
            id="field-website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...form.register(CONTACT_HONEYPOT_FIELD)}
          />
        </Box>
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SendRounded />}
            loading={form.formState.isSubmitting}
          >
            Send message
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
