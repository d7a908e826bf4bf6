import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { apiFailure, applyServerErrors, bindField } from '../../auth';

interface NameForm {
  name: string;
}

export interface NameDialogProps {
  open: boolean;
  /** Distinguishes the dialog's title id: "create-album", "rename-picture-12". */
  purpose: string;
  title: string;
  intro: string;
  submitLabel: string;
  /** The field's label: "Album name", "Picture name". */
  label: string;
  /** The shared schema of the request, so the form refuses what the server would. */
  schema: z.ZodType<NameForm, NameForm>;
  maxLength: number;
  initialName?: string;
  /** Sends the name; rejects with the API's failure, whose field errors land on the field. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Names an album or a picture, new or existing: one field checked with the shared schema. */
export function NameDialog({
  open,
  purpose,
  title,
  intro,
  submitLabel,
  label,
  schema,
  maxLength,
  initialName = '',
  onSave,
  onClose,
}: NameDialogProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NameForm>({
    resolver: zodResolver(schema),
    values: { name: initialName },
  });
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';

  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSave(values.name);
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['name'], form.setError, message);
      if (rest !== undefined) setProblem(rest);
      return;
    }
    close();
  });

  return (
    <FormDialog
      open={open}
      titleId={`name-${purpose}-title`}
      title={title}
      intro={intro}
      problem={problem}
      submitting={form.formState.isSubmitting}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onClose={close}
    >
      <TextField
        label={label}
        required
        fullWidth
        autoFocus
        {...bindField(
          form,
          'name',
          `${name.length.toLocaleString('en')} / ${maxLength.toLocaleString('en')}`,
        )}
        slotProps={{ htmlInput: { maxLength } }}
      />
    </FormDialog>
  );
}
