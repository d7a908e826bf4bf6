import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { MESSAGES, ZFieldErrors } from '@agora/shared';
import type { FieldErrors } from '@agora/shared';
import { firstBodyMessage } from '../../lib/api-error';

/** The `{"field": ["message"]}` map of a 400 body, or undefined for any other body. */
export function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  const parsed = ZFieldErrors.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Puts each server message for a field of the form under that field (react-hook-form
 * `setError`), and returns the first message that belongs to no field of the form
 * (`nonFieldErrors`, a `detail`, a field the form does not show) for an alert or a toast.
 * Returns undefined when every message found a field.
 */
export function applyServerErrors<T extends FieldValues>(
  body: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string = MESSAGES.generic,
): string | undefined {
  const byField = fieldErrorsOf(body);
  let placed = false;
  let rest: string | undefined;
  if (byField) {
    let focused = false;
    for (const [name, messages] of Object.entries(byField)) {
      const message = messages.find((m) => m.trim());
      if (message === undefined) continue;
      const field = fields.find((f) => f === name);
      if (field === undefined) {
        rest ??= message;
        continue;
      }
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
      placed = true;
    }
  } else {
    rest = firstBodyMessage(body);
  }
  if (rest !== undefined) return rest;
  return placed ? undefined : fallback;
}
