import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, Path, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '../../../../lib/router';
import {
  QUIZ_EXPLANATION_MAX_LENGTH,
  QUIZ_QUESTION_MAX_LENGTH,
  QUIZ_TIME_LIMIT_MAX_SECONDS,
  QUIZ_TIME_LIMIT_MIN_SECONDS,
  ZCreateQuiz,
  ZUpdateQuiz,
} from '@agora/shared';
import type { Quiz } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MarkdownView } from '../../../../components/markdown-view';
import { useToast } from '../../../../lib/toasts/use-toast';
import { apiFailure, applyServerErrors, bindField } from '../../../auth';
import { TagPicker } from '../../../content';
import {
  useCreateQuizMutation,
  useGetQuizTagsQuery,
  useUpdateQuizMutation,
} from '../../quizzes-api';
import { AnswersField } from './answers-field';
import { initialValues, toCreate, toLocalInput, toUpdate } from './quiz-values';
import type { QuizFormValues } from './quiz-values';

const FIELDS = [
  'question',
  'explanation',
  'answers',
  'multiple',
  'timeLimitSeconds',
  'closesAt',
  'tags',
  'status',
] as const;
const INDEXED_FIELD = /^(tags\.\d+|answers\.\d+(\.(text|correct))?)$/;

function isFormPath(name: string): name is Path<QuizFormValues> {
  return FIELDS.some((field) => field === name) || INDEXED_FIELD.test(name);
}

const CLOSING_IN_PAST = 'Pick a closing time in the future.';

/**
 * The shared schemas decide, on what will be sent: ZCreateQuiz for a new quiz, ZUpdateQuiz for
 * an edit. Besides, a closing time being set must lie ahead (the server refuses it otherwise).
 */
function quizResolver(quiz: Quiz | undefined): Resolver<QuizFormValues> {
  const create = zodResolver(ZCreateQuiz);
  const update = zodResolver(ZUpdateQuiz);
  return async (values, context, options) => {
    const shared = {
      criteriaMode: options.criteriaMode,
      fields: options.fields,
      shouldUseNativeValidation: options.shouldUseNativeValidation,
    };
    const result = quiz
      ? await update(toUpdate(values, quiz), context, shared)
      : await create(toCreate(values), context, shared);
    const errors = { ...result.errors } as FieldErrors<QuizFormValues>;
    const closingChanged = values.closesAt !== toLocalInput(quiz?.closesAt ?? null);
    if (
      closingChanged &&
      values.closesAt !== '' &&
      !errors.closesAt &&
      new Date(values.closesAt).getTime() <= Date.now()
    ) {
      errors.closesAt = { type: 'future', message: CLOSING_IN_PAST };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

interface QuizFormProps {
  /** The quiz being edited (the author's, with its reveal); none for a new one. */
  quiz?: Quiz;
}

/**
 * Writes a new quiz or edits one: question, Markdown explanation, 2–6 answers with the correct
 * ones ticked, "choose all that apply", an optional time limit and closing time, tags.
 */
export function QuizForm({ quiz }: QuizFormProps) {
  const editing = quiz !== undefined;
  const locked = editing && !quiz.answersEditable;
  const toast = useToast();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [create] = useCreateQuizMutation();
  const [update] = useUpdateQuizMutation();
  const { data: tagsInUse = [] } = useGetQuizTagsQuery(undefined);
  const form = useForm<QuizFormValues>({
    resolver: quizResolver(quiz),
    defaultValues: initialValues(quiz, quiz?.reveal),
  });
  const { isSubmitting } = form.formState;
  const explanation = useWatch({ control: form.control, name: 'explanation' });
  const wasPublished = quiz?.status === 'published';

  const save = (status: QuizFormValues['status']) => {
    form.setValue('status', status, { shouldDirty: false });
    void form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        const saved = editing
          ? await update({ id: quiz.id, changes: toUpdate(values, quiz) }).unwrap()
          : await create(toCreate(values)).unwrap();
        toast.success(
          saved.status === 'draft'
            ? 'Draft saved. Only you can see it.'
            : editing && wasPublished
              ? 'Your changes are saved.'
              : 'Your quiz is published.',
        );
        await navigate(`/quizzes/${saved.id}`);
      } catch (error) {
        const { data, message } = apiFailure(error);
        const fields =
          typeof data === 'object' && data !== null ? Object.keys(data).filter(isFormPath) : [];
        const rest = applyServerErrors(data, fields, form.setError, message);
        if (rest !== undefined) setFormError(rest);
      }
    })();
  };

  const tagError = (() => {
    const field = form.formState.errors.tags;
    if (!field) return undefined;
    const items = Array.isArray(field) ? field.map((item) => item?.message) : [];
    return field.message ?? field.root?.message ?? items.find(Boolean);
  })();

  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit quiz' : 'New quiz'}
      onSubmit={(event) => {
        event.preventDefault();
        save('published');
      }}
    >
      <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2, sm: 3, md: 4 } }}>
        <Stack spacing={3}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            {...bindField(form, 'question')}
            label="Question"
            placeholder="What should members know?"
            fullWidth
            required
            multiline
            slotProps={{ htmlInput: { maxLength: QUIZ_QUESTION_MAX_LENGTH } }}
          />
          {locked && (
            <Alert severity="info">
              Members have started answering this quiz, so its answers, “choose all that apply” and
              its time limit can no longer change. The question, the explanation, the closing time
              and the tags still can.
            </Alert>
          )}
          <AnswersField form={form} locked={locked} />
          <Controller
            control={form.control}
            name="multiple"
            render={({ field }) => (
              <FormControlLabel
                disabled={locked}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label="Choose all that apply: several answers can be correct"
              />
            )}
          />
          <Box>
            <TextField
              {...bindField(
                form,
                'explanation',
                'Optional. Shown with the correct answer once a member has answered. Markdown: **bold**, _italic_, lists, [links](https://…).',
              )}
              label="Explanation"
              multiline
              minRows={4}
              fullWidth
              slotProps={{ htmlInput: { maxLength: QUIZ_EXPLANATION_MAX_LENGTH } }}
            />
            {explanation.trim() && (
              <Paper
                variant="outlined"
                role="region"
                aria-label="Explanation preview"
                sx={{ mt: 1.5, borderRadius: '12px', p: 2, bgcolor: 'background.default' }}
              >
                <Typography
                  variant="caption"
                  color="textSecondary"
                  sx={{ display: 'block', mb: 1 }}
                >
                  Preview
                </Typography>
                <MarkdownView source={explanation} dense />
              </Paper>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...bindField(
                form,
                'timeLimitSeconds',
                `Optional, ${QUIZ_TIME_LIMIT_MIN_SECONDS}–${QUIZ_TIME_LIMIT_MAX_SECONDS} seconds. Each member's clock starts when they press Start.`,
              )}
              label="Time limit (seconds)"
              type="number"
              fullWidth
              disabled={locked}
              slotProps={{
                htmlInput: {
                  min: QUIZ_TIME_LIMIT_MIN_SECONDS,
                  max: QUIZ_TIME_LIMIT_MAX_SECONDS,
                  step: 1,
                  inputMode: 'numeric',
                },
              }}
            />
            <TextField
              {...bindField(
                form,
                'closesAt',
                'Optional. After it nobody can answer, and everyone sees the correct answer.',
              )}
              label="Closes at"
              type="datetime-local"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <TagPicker
                tags={tagsInUse}
                examples="history, science"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={tagError}
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
          onClick={() => void navigate(editing ? `/quizzes/${quiz.id}` : '/quizzes')}
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
