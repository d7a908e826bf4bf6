import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface FormDialogProps {
  open: boolean;
  /** Names the dialog for assistive technology. */
  titleId: string;
  title: ReactNode;
  /** What happens when the form is sent. */
  intro: ReactNode;
  /** A refusal that names no field of the form, shown above it. */
  problem: string | null;
  submitting: boolean;
  submitLabel: ReactNode;
  /** `error` for what takes something away (hiding, silencing). */
  submitColor?: 'primary' | 'error';
  onSubmit: FormEventHandler;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A small dialog that is a form: a title, what sending it does, the fields, Cancel and the
 * send button. It cannot be closed while sending.
 */
export function FormDialog({
  open,
  titleId,
  title,
  intro,
  problem,
  submitting,
  submitLabel,
  submitColor = 'primary',
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={submitColor} loading={submitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
