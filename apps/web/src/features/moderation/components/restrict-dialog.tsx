import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { STAFF_REASON_MAX_LENGTH, ZRestrictMember } from '@agora/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { exactTime } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure, applyServerErrors, bindField } from '../../auth';
import { useRestrictMemberMutation, type RestrictionKind } from '../staff-api';

/** How long a restriction lasts: a few fixed lengths, or an end the moderator picks. */
export const RESTRICTION_LENGTHS = [
  { id: 'day', label: '1 day', add: (date: Date) => date.setDate(date.getDate() + 1) },
  { id: 'days3', label: '3 days', add: (date: Date) => date.setDate(date.getDate() + 3) },
  { id: 'week', label: '1 week', add: (date: Date) => date.setDate(date.getDate() + 7) },
  { id: 'month', label: '1 month', add: (date: Date) => date.setMonth(date.getMonth() + 1) },
  { id: 'year', label: '1 year', add: (date: Date) => date.setFullYear(date.getFullYear() + 1) },
] as const;
const LENGTH_IDS = [...RESTRICTION_LENGTHS.map((length) => length.id), 'custom'] as const;

/** The form's fields: the contract's reason, and the end as a length or a local date-time. */
const ZRestrictForm = z
  .object({
    reason: ZRestrictMember.shape.reason,
    length: z.enum(LENGTH_IDS),
    custom: z.string(),
  })
  .superRefine((values, context) => {
    if (values.length !== 'custom') return;
    const end = new Date(values.custom);
    if (values.custom === '' || Number.isNaN(end.getTime())) {
      context.addIssue({
        code: 'custom',
        path: ['custom'],
        message: 'Give the end as a date and time.',
      });
    } else if (end.getTime() <= Date.now()) {
      context.addIssue({
        code: 'custom',
        path: ['custom'],
        message: 'Choose a moment in the future.',
      });
    }
  });
type RestrictForm = z.input<typeof ZRestrictForm>;

/** The end a form asks for, as the ISO time the server takes. */
export function endOf(values: Pick<RestrictForm, 'length' | 'custom'>, now = new Date()): string {
  const preset = RESTRICTION_LENGTHS.find((length) => length.id === values.length);
  if (!preset) return new Date(values.custom).toISOString();
  const end = new Date(now);
  preset.add(end);
  return end.toISOString();
}

const WORDS: Record<RestrictionKind, { verb: string; done: string; effect: string }> = {
  silence: {
    verb: 'Silence',
    done: 'silenced',
    effect:
      'Until then they can read, but not post, comment, chat, upload or change their profile. They see the reason and the end on every page.',
  },
  suspend: {
    verb: 'Suspend',
    done: 'suspended',
    effect:
      'Until then they cannot sign in, and their open sessions end now. They are told the reason and the end when they try to sign in.',
  },
};

export interface RestrictDialogProps {
  kind: RestrictionKind;
  username: string;
  open: boolean;
  onClose: () => void;
}

/** Asks why and until when, then silences or suspends a member. */
export function RestrictDialog({ kind, username, open, onClose }: RestrictDialogProps) {
  const toast = useToast();
  const [restrictMember] = useRestrictMemberMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<RestrictForm, unknown, z.output<typeof ZRestrictForm>>({
    resolver: zodResolver(ZRestrictForm),
    defaultValues: { reason: '', length: 'day', custom: '' },
  });
  const length = useWatch({ control: form.control, name: 'length' });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const words = WORDS[kind];
  const titleId = `${kind}-${username}-title`;

  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    let until: string;
    try {
      const standing = await restrictMember({
        username,
        kind,
        until: endOf(values),
        reason: values.reason,
      }).unwrap();
      until = (kind === 'silence' ? standing.silence : standing.suspension)?.until ?? endOf(values);
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['reason'], form.setError, message);
      if (rest !== undefined) setProblem(rest);
      return;
    }
    toast.success(`${username} is ${words.done} until ${exactTime(until)}.`);
    close();
  });

  return (
    <FormDialog
      open={open}
      titleId={titleId}
      title={`${words.verb} ${username}`}
      intro={words.effect}
      problem={problem}
      submitting={form.formState.isSubmitting}
      submitLabel={words.verb}
      submitColor="error"
      onSubmit={onSubmit}
      onClose={close}
    >
      <Stack spacing={2.5}>
        <TextField
          label="For how long"
          select
          fullWidth
          slotProps={{ select: { native: true } }}
          {...bindField(form, 'length')}
        >
          {RESTRICTION_LENGTHS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
          <option value="custom">Until a date and time…</option>
        </TextField>
        {length === 'custom' && (
          <TextField
            label="Ends at (your local time)"
            type="datetime-local"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
            {...bindField(form, 'custom')}
          />
        )}
        <TextField
          label="Reason"
          required
          multiline
          minRows={3}
          fullWidth
          {...bindField(
            form,
            'reason',
            `Shown to ${username}. ${reason.length.toLocaleString('en')} / ${STAFF_REASON_MAX_LENGTH.toLocaleString('en')}`,
          )}
          slotProps={{ htmlInput: { maxLength: STAFF_REASON_MAX_LENGTH } }}
        />
      </Stack>
    </FormDialog>
  );
}
