import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, Path, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '../../../../lib/router';
import {
  DISCUSSION_CONTENT_MAX_LENGTH,
  DISCUSSION_TITLE_MAX_LENGTH,
  ZCreateDiscussion,
  ZUpdateDiscussion,
} from '@agora/shared';
import type { Discussion } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../../lib/toasts/use-toast';
import { apiFailure, applyServerErrors, bindField } from '../../../auth';
import { TagPicker } from '../../../content';
import {
  useCreateDiscussionMutation,
  useGetForumTagsQuery,
  useUpdateDiscussionMutation,
} from '../../forums-api';
import { MarkdownField } from './markdown-field';
import { PollChoicesField } from './poll-choices-field';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface EditorValues {
  title: string;
  content: string;
  tags: string[];
  status: 'draft' | 'published';
  pollChoices: string[];
}

const FIELDS = ['title', 'content', 'tags', 'status', 'pollChoices'] as const;
const INDEXED_FIELD = /^(tags|pollChoices)\.\d+$/;

function isEditorPath(name: string): name is Path<EditorValues> {
  return FIELDS.some((field) => field === name) || INDEXED_FIELD.test(name);
}

/**
 * The shared schemas decide: ZCreateDiscussion for a new discussion, ZUpdateDiscussion for an
 * edit (the poll cannot change once posted, so it is not checked there).
 */
function editorResolver(editing: boolean): Resolver<EditorValues> {
  const create = zodResolver(ZCreateDiscussion);
  const update = zodResolver(ZUpdateDiscussion);
  return async (values, context, options) => {
    const { pollChoices, ...changes } = values;
    // Field-level names do not carry over between the two schemas' shapes; the rest does.
    const shared = {
      criteriaMode: options.criteriaMode,
      fields: options.fields,
      shouldUseNativeValidation: options.shouldUseNativeValidation,
    };
    const result = editing
      ? await update(changes, context, shared)
      : await create({ ...changes, pollChoices }, context, shared);
    const errors = result.errors as FieldErrors<EditorValues>;
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

function errorOf(errors: FieldErrors<EditorValues>, name: 'tags' | 'pollChoices') {
  const field = errors[name];
  if (!field) return { list: undefined, items: [] as (string | undefined)[] };
  const items = Array.isArray(field) ? field.map((item) => item?.message) : [];
  return { list: field.message ?? field.root?.message, items };
}

interface DiscussionFormProps {
  /** The discussion being edited; none for a new one. */
  discussion?: Discussion;
}

/** Writes a new discussion or edits one: title, Markdown with preview, tags, an optional poll. */
export function DiscussionForm({ discussion }: DiscussionFormProps) {
  const editing = discussion !== undefined;
  const toast = useToast();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [create] = useCreateDiscussionMutation();
  const [update] = useUpdateDiscussionMutation();
  const { data: tagsInUse = [] } = useGetForumTagsQuery(undefined);
  const form = useForm<EditorValues>({
    resolver: editorResolver(editing),
    defaultValues: {
      title: discussion?.title ?? '',
      content: discussion?.content ?? '',
      tags: discussion?.tags ?? [],
      status: discussion?.status === 'draft' ? 'draft' : 'published',
      pollChoices: [],
    },
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const { allowLeaving, dialog } = useUnsavedChanges(isDirty && !isSubmitting);
  const content = useWatch({ control: form.control, name: 'content' });
  const wasPublished = discussion?.status === 'published';

  const save = (status: EditorValues['status']) => {
    form.setValue('status', status, { shouldDirty: false });
    void form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        const saved = editing
          ? await update({
              id: discussion.id,
              changes: {
                title: values.title,
                content: values.content,
                tags: values.tags,
                status: values.status,
              },
            }).unwrap()
          : await create(values).unwrap();
        allowLeaving();
        toast.success(
          saved.status === 'draft'
            ? 'Draft saved. Only you can see it.'
            : editing && wasPublished
              ? 'Your changes are saved.'
              : 'Your discussion is published.',
        );
        await navigate(`/discussions/${saved.id}`);
      } catch (error) {
        const { data, message } = apiFailure(error);
        const fields =
          typeof data === 'object' && data !== null ? Object.keys(data).filter(isEditorPath) : [];
        const rest = applyServerErrors(data, fields, form.setError, message);
        if (rest !== undefined) setFormError(rest);
      }
    })();
  };

  const tagErrors = errorOf(errors, 'tags');
  const pollErrors = errorOf(errors, 'pollChoices');

  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit discussion' : 'New discussion'}
      onSubmit={(event) => {
        event.preventDefault();
        save('published');
      }}
    >
      <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2, sm: 3, md: 4 } }}>
        <Stack spacing={3}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            {...bindField(form, 'title')}
            label="Title"
            placeholder="What is your discussion about?"
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: DISCUSSION_TITLE_MAX_LENGTH } }}
          />
          <MarkdownField
            value={content}
            editor={
              <TextField
                {...bindField(
                  form,
                  'content',
                  'Markdown: **bold**, _italic_, lists, `code`, [links](https://…) and images.',
                )}
                label="Text"
                multiline
                minRows={12}
                fullWidth
                required
                slotProps={{ htmlInput: { maxLength: DISCUSSION_CONTENT_MAX_LENGTH } }}
              />
            }
          />
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <TagPicker
                tags={tagsInUse}
                examples="help, ideas"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={tagErrors.list ?? tagErrors.items.find(Boolean)}
              />
            )}
          />
          {editing ? (
            discussion.pollChoices.length > 0 && (
              <Typography variant="body2" color="textSecondary">
                This discussion has a poll with {discussion.pollChoices.length} choices. A poll
                cannot change once it is posted.
              </Typography>
            )
          ) : (
            <Controller
              control={form.control}
              name="pollChoices"
              render={({ field }) => (
                <PollChoicesField
                  value={field.value}
                  onChange={field.onChange}
                  error={pollErrors.list}
                  choiceErrors={pollErrors.items}
                />
              )}
            />
          )}
        </Stack>
      </Paper>
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 3, justifyContent: 'flex-end' }}
      >
        <Button
          onClick={() => void navigate(editing ? `/discussions/${discussion.id}` : '/discussions')}
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
      {dialog}
    </Box>
  );
}
