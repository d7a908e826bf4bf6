import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ALBUM_NAME_MAX_LENGTH, ZCreateAlbumFields } from '@agora/shared';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { apiFailure, applyServerErrors, bindField } from '../../auth';

type NameForm = z.input<typeof ZCreateAlbumFields>;

export interface AlbumNameDialogProps {
  open: boolean;
  /** Distinguishes the dialog's title id: "create", or the album's id. */
  purpose: string;
  title: string;
  intro: string;
  submitLabel: string;
  initialName?: string;
  /** Sends the name; rejects with the API's failure, whose field errors land on the field. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Names an album, new or existing: one field checked with the shared schema. */
export function AlbumNameDialog({
  open,
  purpose,
  title,
  intro,
  submitLabel,
  initialName = '',
  onSave,
  onClose,
}: AlbumNameDialogProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NameForm, unknown, z.output<typeof ZCreateAlbumFields>>({
    resolver: zodResolver(ZCreateAlbumFields),
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
      titleId={`album-name-${purpose}-title`}
      title={title}
      intro={intro}
      problem={problem}
      submitting={form.formState.isSubmitting}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onClose={close}
    >
      <TextField
        label="Album name"
        required
        fullWidth
        autoFocus
        {...bindField(
          form,
          'name',
          `${name.length.toLocaleString('en')} / ${ALBUM_NAME_MAX_LENGTH.toLocaleString('en')}`,
        )}
        slotProps={{ htmlInput: { maxLength: ALBUM_NAME_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
