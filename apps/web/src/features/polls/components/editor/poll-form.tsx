import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useNavigate } from '../../../../lib/router';
import {
  POLL_DESCRIPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_QUESTION_MAX_LENGTH,
} from '@agora/shared';
import type { Poll } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { MarkdownView } from '../../../../components/markdown-view';
import { useToast } from '../../../../lib/toasts/use-toast';
import { apiFailure, applyServerErrors, bindField } from '../../../auth';
import { TagPicker } from '../../../content';
import { useCreatePollMutation, useGetPollTagsQuery, useUpdatePollMutation } from '../../polls-api';
import { PollOptionsField } from './poll-options-field';
import {
  createPayload,
  formPathOf,
  initialValues,
  pollResolver,
  updatePayload,
} from './poll-form-values';
import type { PollFormValues } from './poll-form-values';

interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
}

const TYPES: Choice<PollFormValues['type']>[] = [
  { value: 'single', label: 'Single choice', hint: 'Members pick one option.' },
  { value: 'multiple', label: 'Multiple choice', hint: 'Members pick several, up to a limit.' },
  {
    value: 'ranked',
    label: 'Ranked choice',
    hint: 'Members order the options; the winner is found by instant runoff.',
  },
];
const RESULTS: Choice<PollFormValues['results']>[] = [
  { value: 'always', label: 'Always', hint: 'Anyone sees the tallies, even before voting.' },
  { value: 'after_vote', label: 'After voting', hint: 'Members see them once they voted.' },
  { value: 'after_close', label: 'After closing', hint: 'Nobody sees them until the poll closes.' },
];
const VOTERS: Choice<PollFormValues['voters']>[] = [
  {
    value: 'public',
    label: 'Public',
    hint: 'Anyone who sees the results sees who voted for what.',
  },
  { value: 'anonymous', label: 'Anonymous', hint: 'Nobody sees who voted for what, you included.' },
];

const FORM_FIELDS: readonly string[] = [
  'question',
  'description',
  'options',
  'type',
  'maxChoices',
  'results',
  'voters',
  'closesAt',
  'tags',
  'status',
];

/** The server's field names (`options.2`) as the form's (`options.2.text`). */
function serverErrorsForForm(body: unknown): { body: unknown; fields: Path<PollFormValues>[] } {
  if (typeof body !== 'object' || body === null) return { body, fields: [] };
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const path = FORM_FIELDS.includes(key.split('.')[0] ?? '')
      ? formPathOf(key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)))
      : key;
    renamed[path] ??= value;
  }
  const fields = Object.keys(renamed).filter(
    (key) => FORM_FIELDS.includes(key) || /^options\.\d+\.text$/.test(key),
  ) as Path<PollFormValues>[];
  return { body: renamed, fields };
}

function ChoiceField<T extends string>({
  label,
  name,
  choices,
  value,
  onChange,
  disabled,
  note,
  error,
}: {
  label: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
  note?: string;
  error?: string;
}) {
  const id = `poll-${name}-label`;
  return (
    <FormControl disabled={disabled} error={error !== undefined}>
      <FormLabel id={id} sx={{ fontWeight: 600, color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={id}
        name={name}
        value={value}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            control={<Radio size="small" />}
            label={
              <span>
                {choice.label}
                <Typography component="span" variant="body2" color="textSecondary">
                  {' — '}
                  {choice.hint}
                </Typography>
              </span>
            }
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mb: 0.5 }}
          />
        ))}
      </RadioGroup>
      {(error ?? note) && <FormHelperText>{error ?? note}</FormHelperText>}
    </FormControl>
  );
}

interface PollFormProps {
  /** The poll being edited; none for a new one. */
  poll?: Poll;
}

/**
 * Asks a new poll or edits one, checked with the shared contract as the server checks it. Once
 * someone has voted, options, type, limit and closing time are locked; results and voters
 * visibility never change after creation.
 */
export function PollForm({ poll }: PollFormProps) {
  const editing = poll !== undefined;
  const toast = useToast();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [descriptionTab, setDescriptionTab] = useState<'write' | 'preview'>('write');
  const [create] = useCreatePollMutation();
  const [update] = useUpdatePollMutation();
  const { data: tagsInUse = [] } = useGetPollTagsQuery(undefined);
  const form = useForm<PollFormValues>({
    resolver: pollResolver(poll),
    defaultValues: initialValues(poll),
  });
  const { isSubmitting, errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const description = useWatch({ control: form.control, name: 'description' });
  const optionCount = useWatch({ control: form.control, name: 'options' }).length;
  const locked = editing && !poll.optionsEditable;
  const wasPublished = poll?.status === 'published';

  const save = (status: PollFormValues['status']) => {
    form.setValue('status', status, { shouldDirty: false });
    void form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        const saved = editing
          ? await update({ id: poll.id, changes: updatePayload(values, poll) }).unwrap()
          : await create(createPayload(values)).unwrap();
        toast.success(
          saved.status === 'draft'
            ? 'Draft saved. Only you can see it.'
            : editing && wasPublished
              ? 'Your changes are saved.'
              : 'Your poll is published.',
        );
        await navigate(`/polls/${saved.id}`);
      } catch (error) {
        const { data, message } = apiFailure(error);
        const mapped = serverErrorsForForm(data);
        const rest = applyServerErrors(mapped.body, mapped.fields, form.setError, message);
        if (rest !== undefined) setFormError(rest);
      }
    })();
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit poll' : 'New poll'}
      onSubmit={(event) => {
        event.preventDefault();
        save('published');
      }}
    >
      <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2, sm: 3, md: 4 } }}>
        <Stack spacing={3.5}>
          {(formError ?? errors.root?.message) && (
            <Alert severity="error">{formError ?? errors.root?.message}</Alert>
          )}
          <TextField
            {...bindField(form, 'question')}
            label="Question"
            placeholder="What do you want to ask?"
            fullWidth
            required
            multiline
            slotProps={{ htmlInput: { maxLength: POLL_QUESTION_MAX_LENGTH } }}
          />
          <Box>
            <Tabs
              value={descriptionTab}
              onChange={(_event, next: 'write' | 'preview') => setDescriptionTab(next)}
              aria-label="Write or preview the description"
              sx={{ mb: 1.5, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
            >
              <Tab value="write" label="Write" />
              <Tab value="preview" label="Preview" />
            </Tabs>
            <Box sx={{ display: descriptionTab === 'write' ? 'block' : 'none' }}>
              <TextField
                {...bindField(
                  form,
                  'description',
                  'Optional context, in Markdown: **bold**, _italic_, lists, [links](https://…).',
                )}
                label="Description"
                multiline
                minRows={4}
                fullWidth
                slotProps={{ htmlInput: { maxLength: POLL_DESCRIPTION_MAX_LENGTH } }}
              />
            </Box>
            {descriptionTab === 'preview' && (
              <Paper
                variant="outlined"
                role="region"
                aria-label="Preview"
                sx={{ borderRadius: '12px', p: 2.5, minHeight: 120, bgcolor: 'background.default' }}
              >
                {description.trim() ? (
                  <MarkdownView source={description} />
                ) : (
                  <Typography color="textSecondary">Nothing to preview yet.</Typography>
                )}
              </Paper>
            )}
          </Box>

          {locked && (
            <Alert severity="info" icon={<LockOutlined />}>
              Members have voted, so the options, the type, the limit and the closing time can no
              longer change. You can still edit the question, the description and the tags.
            </Alert>
          )}
          <PollOptionsField form={form} disabled={locked} />

          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              gap: 3,
            }}
          >
            <Controller
              control={form.control}
              name="type"
              render={({ field, fieldState }) => (
                <ChoiceField
                  label="Type"
                  name="type"
                  choices={TYPES}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={locked}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Stack spacing={3}>
              {type === 'multiple' && (
                <TextField
                  {...bindField(
                    form,
                    'maxChoices',
                    `How many options a member may pick, 1 to ${optionCount}. Empty: no limit.`,
                  )}
                  label="Pick up to"
                  type="number"
                  disabled={locked}
                  slotProps={{ htmlInput: { min: 1, max: POLL_OPTIONS_MAX, inputMode: 'numeric' } }}
                />
              )}
              <TextField
                {...bindField(
                  form,
                  'closesAt',
                  'Optional. After this time nobody can vote or change a vote.',
                )}
                label="Closes at"
                type="datetime-local"
                disabled={locked}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <Controller
              control={form.control}
              name="results"
              render={({ field, fieldState }) => (
                <ChoiceField
                  label="Who sees the results"
                  name="results"
                  choices={RESULTS}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={editing}
                  note="Fixed once the poll is created, so members can trust it."
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="voters"
              render={({ field, fieldState }) => (
                <ChoiceField
                  label="Who sees the voters"
                  name="voters"
                  choices={VOTERS}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={editing}
                  note="Fixed once the poll is created, so members can trust it."
                  error={fieldState.error?.message}
                />
              )}
            />
          </Box>

          <Controller
            control={form.control}
            name="tags"
            render={({ field, fieldState }) => (
              <TagPicker
                tags={tagsInUse}
                examples="events, ideas"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Stack>
      </Paper>
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 3, justifyContent: 'flex-end' }}
      >
        <Button
          onClick={() => void navigate(editing ? `/polls/${poll.id}` : '/polls')}
          disabled={isSubmitting}
        >
          Cancel
        </Button>
        {!wasPublished && (
          <Button
            variant="outlined"
            size="large"
            disabled={isSubmitting}
            onClick={() => save('draft')}
          >
            Save draft
          </Button>
        )}
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {wasPublished ? 'Save changes' : 'Publish'}
        </Button>
      </Stack>
    </Box>
  );
}
