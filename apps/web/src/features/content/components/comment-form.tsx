import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMMENT_MAX_LENGTH, ZUpdateComment } from '@agora/shared';
import type { UpdateComment } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { apiFailure, applyServerErrors, bindField } from '../../auth';
import { COMMENT_HINT } from './comment-form-island';

export interface CommentFormProps {
  /** The text box's label. */
  label: string;
  submitLabel: string;
  initialContent?: string;
  autoFocus?: boolean;
  /** Sends the text; rejects with the API error when the server refuses it. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A comment, a reply or an edit of either: Markdown text, checked like the server checks it.
 * MUI's text field: drawn through `CommentFormIsland`, loaded only for a member.
 */
export function CommentForm({
  label,
  submitLabel,
  initialContent = '',
  autoFocus = false,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UpdateComment>({
    resolver: zodResolver(ZUpdateComment),
    defaultValues: { content: initialContent },
  });

  const submit = form.handleSubmit(async ({ content }) => {
    setFormError(null);
    try {
      await onSubmit(content);
      form.reset({ content: '' });
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['content'], form.setError, message);
      if (rest !== undefined) setFormError(rest);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={1.25}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextField
          {...bindField(form, 'content', COMMENT_HINT)}
          id={undefined}
          label={label}
          multiline
          minRows={2}
          maxRows={12}
          fullWidth
          autoFocus={autoFocus}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && (
            <Button onClick={onCancel} disabled={form.formState.isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
