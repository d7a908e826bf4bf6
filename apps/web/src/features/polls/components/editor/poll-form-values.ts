import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { POLL_OPTIONS_MIN, ZCreatePoll, ZUpdatePoll } from '@agora/shared';
import type {
  CreatePoll,
  Poll,
  PollResultsVisibility,
  PollType,
  PollVotersVisibility,
  UpdatePoll,
} from '@agora/shared';

/** What the poll form holds: text inputs keep strings until the payload is built. */
export interface PollFormValues {
  question: string;
  description: string;
  /** Objects, as react-hook-form's field arrays want them. */
  options: { text: string }[];
  type: PollType;
  /** A whole number as typed, or '' for "as many as there are options". */
  maxChoices: string;
  results: PollResultsVisibility;
  voters: PollVotersVisibility;
  /** A `datetime-local` value in the member's time zone, or '' for no closing time. */
  closesAt: string;
  tags: string[];
  status: 'draft' | 'published';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` input value, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's first values: a new poll's defaults, or the poll being edited. */
export function initialValues(poll?: Poll): PollFormValues {
  return {
    question: poll?.question ?? '',
    description: poll?.description ?? '',
    options: poll
      ? poll.options.map((option) => ({ text: option.text }))
      : Array.from({ length: POLL_OPTIONS_MIN }, () => ({ text: '' })),
    type: poll?.type ?? 'single',
    maxChoices: poll?.maxChoices == null ? '' : String(poll.maxChoices),
    results: poll?.results ?? 'always',
    voters: poll?.voters ?? 'public',
    closesAt: toLocalInput(poll?.closesAt ?? null),
    tags: poll?.tags ?? [],
    status: poll?.status === 'draft' ? 'draft' : 'published',
  };
}

function ballotPart(values: PollFormValues) {
  return {
    options: values.options.map((option) => option.text),
    type: values.type,
    maxChoices:
      values.type === 'multiple' && values.maxChoices.trim() !== ''
        ? Number(values.maxChoices)
        : null,
    closesAt: values.closesAt === '' ? null : new Date(values.closesAt).toISOString(),
  };
}

/** POST `polls/` from the form. */
export function createPayload(values: PollFormValues): CreatePoll {
  return {
    question: values.question,
    description: values.description,
    tags: values.tags,
    status: values.status,
    results: values.results,
    voters: values.voters,
    ...ballotPart(values),
  };
}

/**
 * PATCH `polls/{id}/` from the form: the text, tags and status always; options, type, limit
 * and closing time only while no one has voted, and only those that changed.
 */
export function updatePayload(values: PollFormValues, poll: Poll): UpdatePoll {
  const changes: UpdatePoll = {
    question: values.question,
    description: values.description,
    tags: values.tags,
    status: values.status,
  };
  if (!poll.optionsEditable) return changes;
  const ballot = ballotPart(values);
  const texts = poll.options.map((option) => option.text);
  if (ballot.options.join('\n') !== texts.join('\n')) changes.options = ballot.options;
  if (ballot.type !== poll.type) changes.type = ballot.type;
  if (ballot.maxChoices !== poll.maxChoices) changes.maxChoices = ballot.maxChoices;
  if (ballot.closesAt !== (poll.closesAt && new Date(poll.closesAt).toISOString())) {
    changes.closesAt = ballot.closesAt;
  }
  // The limit belongs to multiple choice: a poll becoming multiple sends it with the type.
  if (changes.type === 'multiple' && changes.maxChoices === undefined) {
    changes.maxChoices = ballot.maxChoices;
  }
  return changes;
}

/** Where a contract path (`options.2`, `tags.0`) shows in the form. */
export function formPathOf(path: readonly PropertyKey[]): string {
  const [head, index] = path;
  if (head === 'options' && typeof index === 'number') return `options.${index}.text`;
  if (head === 'tags') return 'tags';
  return path.length === 0 ? 'root' : String(head);
}

function setIn(errors: Record<string, unknown>, path: string, error: FieldError) {
  const keys = path.split('.');
  let node = errors;
  keys.forEach((key, at) => {
    if (at === keys.length - 1) {
      // The first problem of a field is the one shown.
      node[key] ??= error;
      return;
    }
    node[key] ??= /^\d+$/.test(keys[at + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

/**
 * Checks the form with the shared contract (ZCreatePoll, or ZUpdatePoll when editing), plus
 * what only the browser can say early: a closing time already past.
 */
export function pollResolver(poll?: Poll): Resolver<PollFormValues> {
  return (values) => {
    const payload = poll ? updatePayload(values, poll) : createPayload(values);
    const parsed = poll ? ZUpdatePoll.safeParse(payload) : ZCreatePoll.safeParse(payload);
    const errors: Record<string, unknown> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setIn(errors, formPathOf(issue.path), { type: 'validate', message: issue.message });
      }
    }
    const closing = payload.closesAt;
    const closingChanged = !poll || 'closesAt' in payload;
    if (closingChanged && closing && new Date(closing).getTime() <= Date.now()) {
      setIn(errors, 'closesAt', { type: 'validate', message: 'Choose a time in the future.' });
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<PollFormValues> }
      : { values, errors: {} };
  };
}
