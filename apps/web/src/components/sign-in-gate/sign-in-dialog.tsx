import { Link as RouterLink, useLocation } from '../../lib/router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { loginPathFor } from '../../lib/login-path';
import type { MemberAction } from './sign-in-gate-context';

const TITLES: Record<MemberAction, string> = {
  like: 'Log in to like this',
  bookmark: 'Log in to bookmark this',
  vote: 'Log in to vote',
  answer: 'Log in to answer',
  report: 'Log in to report this',
  reply: 'Log in to reply',
};

interface SignInDialogProps {
  open: boolean;
  /** What the visitor tried; kept while the dialog fades out. */
  action: MemberAction;
  onClose: () => void;
}

/** Why a signed-out visitor's click did nothing, and the way to log in and come back here. */
export function SignInDialog({ open, action, onClose }: SignInDialogProps) {
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  const next = encodeURIComponent(here);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="sign-in-dialog-title"
    >
      <DialogTitle id="sign-in-dialog-title">{TITLES[action]}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Likes, bookmarks, votes and replies belong to members, so that each one counts once and is
          yours to take back. Log in, or create a free account, and you come back right here.
        </DialogContentText>
      </DialogContent>
      <DialogActions
        disableSpacing
        sx={{
          px: 3,
          pb: 2.5,
          gap: 1,
          // On a phone: one full-width button a row, the way forward on top.
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button onClick={onClose}>Not now</Button>
        <Button component={RouterLink} to={`/register?next=${next}`} variant="outlined">
          Sign up
        </Button>
        <Button component={RouterLink} to={loginPathFor(here)} variant="contained" autoFocus>
          Log in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
