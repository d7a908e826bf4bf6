import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '../../../lib/router';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import { api } from '../../../lib/api';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { clearTokens } from '../../../lib/cookies';
import {
  apiFailure,
  applyServerErrors,
  bindField,
  PasswordField,
  sessionEnded,
  useDeleteAccountMutation,
} from '../../auth';
import { selectProfile } from '../../users';
import { SettingsSection } from './settings-section';

/**
 * The dialog insists on the password, so a left-open tab cannot delete an account in one click.
 * An account with no password (social sign-in only) is asked instead, by the server, to have
 * signed in within the last 10 minutes.
 */
const ZConfirmWithPassword = z.object({
  password: z.string().min(1, 'Enter your password to confirm.'),
});
const ZConfirmWithRecentSignIn = z.object({ password: z.string().optional() });
type ConfirmDeletion = z.infer<typeof ZConfirmWithRecentSignIn>;

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const hasPassword = useAppSelector(selectProfile)?.hasPassword ?? true;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [deleteAccount] = useDeleteAccountMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const form = useForm<ConfirmDeletion>({
    resolver: zodResolver(hasPassword ? ZConfirmWithPassword : ZConfirmWithRecentSignIn),
    defaultValues: { password: '' },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await deleteAccount(hasPassword ? body : {}).unwrap();
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['password'], form.setError, message);
      if (rest !== undefined) setProblem(rest);
      return;
    }
    // Leave the signed-in page first; the session ends as it unmounts (below), so the page
    // never sees a signed-out member and sends them to the login page instead of home, and home
    // never asks for the deleted member's data. The flag is committed, with its layout effect,
    // before the navigation starts: a passive effect still waiting for the next paint when the
    // page unmounts would never run, leaving the member signed in.
    flushSync(() => setDeleted(true));
    await navigate('/', { replace: true });
  });

  useLayoutEffect(
    () => () => {
      if (!deleted) return;
      clearTokens();
      dispatch(sessionEnded());
      dispatch(api.util.resetApiState());
      toast.success('Your account is deleted. Goodbye!');
    },
    [deleted, dispatch, toast],
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
      aria-labelledby="delete-account-title"
    >
      <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          This signs you out everywhere and removes your profile and personal data. What you posted
          stays, shown as by a deleted member. This cannot be undone.
        </DialogContentText>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {hasPassword ? (
          <PasswordField
            label="Password"
            autoComplete="current-password"
            autoFocus
            fullWidth
            {...bindField(form, 'password')}
          />
        ) : (
          <Alert severity="info">
            Your account signs in with Google, Apple or Facebook. If you last signed in more than 10
            minutes ago, log out and sign in again first.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          loading={form.formState.isSubmitting}
        >
          Delete account
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const hasPassword = useAppSelector(selectProfile)?.hasPassword ?? true;
  return (
    <SettingsSection
      title="Delete account"
      description="Remove your account and personal data for good."
      tone="danger"
    >
      <Typography color="textSecondary" sx={{ mb: 2.5 }}>
        {hasPassword
          ? 'You will need your password. '
          : 'You will need to have signed in within the last 10 minutes. '}
        Your username stays reserved for 30 days, then anyone may take it.
      </Typography>
      <Button
        variant="contained"
        color="error"
        startIcon={<DeleteForeverRounded />}
        onClick={() => setOpen(true)}
      >
        Delete account…
      </Button>
      {open && <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
