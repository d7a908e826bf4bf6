import { ALBUM_IMAGES_FIELD, ALBUM_MESSAGES, type FieldErrors } from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadLimit } from '../../platform/auth';
import { AppError, NON_FIELD_ERRORS } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { discardUploads, readUploadForm, type NewFile, type UploadRules } from '../media';
import { pictureName } from './picture-names';

/** Albums hold pictures only: anything else is refused by its bytes, naming the field. */
export const albumImageRules = (field: string): UploadRules => ({
  field,
  imagesOnly: true,
  notAnImage: ALBUM_MESSAGES.onlyImages,
});

/** A schema's refusal as the 400 the API answers: messages by the field they are about. */
function invalidFields(error: z.ZodError): AppError {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : NON_FIELD_ERRORS;
    (errors[field] ??= []).push(issue.message);
  }
  return AppError.fields(errors);
}

/** A form's pictures, staged, each named as SPEC §3 says, and its text fields validated. */
export interface PictureForm<T> {
  uploads: NewFile[];
  fields: T;
}

/**
 * Reads a multipart form of pictures in `field` (at most `maxFiles`) and text fields checked
 * by `schema`. A refusal at any point removes every picture staged so far.
 */
export async function readPictureForm<T>(
  request: FastifyRequest,
  storage: Storage,
  limit: UploadLimit,
  form: { field: string; maxFiles: number; schema: z.ZodType<T>; now: Date },
): Promise<PictureForm<T>> {
  const { uploads, fields } = await readUploadForm(request, storage, limit, {
    rules: albumImageRules(form.field),
    maxFiles: form.maxFiles,
    chooseFile: ALBUM_MESSAGES.chooseImages,
    wrongFile: `Send the pictures in the ${form.field} field.`,
    tooManyFiles:
      form.field === ALBUM_IMAGES_FIELD ? ALBUM_MESSAGES.tooManyFiles : 'Send one picture.',
  });
  const parsed = form.schema.safeParse(fields);
  if (!parsed.success) {
    await discardUploads(
      storage,
      uploads.map(({ stored }) => stored),
    );
    throw invalidFields(parsed.error);
  }
  return {
    uploads: uploads.map(({ stored, filename }) => ({
      stored,
      name: pictureName(filename, form.now),
    })),
    fields: parsed.data,
  };
}

/** A JSON body checked by `schema` (the same 400 as a form's). */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}
