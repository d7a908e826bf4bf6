import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CONTENT_MODEL_LABELS, STAFF_REASON_MAX_LENGTH, ZHideContent } from '@agora/shared';
import type { ContentModel } from '@agora/shared';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure, applyServerErrors, bindField } from '../../auth';
import { useSetContentVisibilityMutation } from '../staff-api';

type HideForm = z.input<typeof ZHideContent>;

export interface HideDialogProps {
  model: ContentModel;
  id: number;
  open: boolean;
  onClose: () => void;
}

/** Asks staff why, then hides a post from members (its author and staff still see it). */
export function HideDialog({ model, id, open, onClose }: HideDialogProps) {
  const toast = useToast();
  const [setVisibility] = useSetContentVisibilityMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<HideForm, unknown, z.output<typeof ZHideContent>>({
    resolver: zodResolver(ZHideContent),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const name = CONTENT_MODEL_LABELS[model].toLowerCase();
  const titleId = `hide-${model}-${id}-title`;

  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await setVisibility({ model, id, reason: values.reason, hidden: true }).unwrap();
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['reason'], form.setError, message);
      if (rest !== undefined) setProblem(rest);
      return;
    }
    toast.success(`The ${name} is hidden from members.`);
    close();
  });

  return (
    <FormDialog
      open={open}
      titleId={titleId}
      title={`Hide this ${name}`}
      intro="Members will no longer see it; its author and staff still do. The reason goes into the staff log."
      problem={problem}
      submitting={form.formState.isSubmitting}
      submitLabel="Hide"
      submitColor="error"
      onSubmit={onSubmit}
      onClose={close}
    >
      <TextField
        label="Reason"
        required
        multiline
        minRows={3}
        fullWidth
        {...bindField(
          form,
          'reason',
          `${reason.length.toLocaleString('en')} / ${STAFF_REASON_MAX_LENGTH.toLocaleString('en')}`,
        )}
        slotProps={{ htmlInput: { maxLength: STAFF_REASON_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
