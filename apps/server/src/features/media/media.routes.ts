import { FILE_MAX_BYTES, ZFileParams, ZUploadedFile, ZUploadName } from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type UploadLimit } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { presentFile } from './media.presenter';
import {
  createFile,
  deleteFile,
  storeUpload,
  usualUploadLimit,
  type MediaDeps,
  type StoredUpload,
} from './media.service';

export interface MediaRoutesOptions {
  /** Largest file accepted; FILE_MAX_BYTES unless a test needs a small limit. */
  maxFileBytes?: number;
}

const CHOOSE_A_FILE = 'Choose a file to upload.';

/**
 * The upload form (SPEC §3: `file` and `name`), in whatever order the parts come. The file
 * streams into storage as it arrives; if the form turns out bad afterwards, it is removed.
 */
async function readUploadForm(
  request: FastifyRequest,
  storage: Storage,
  limit: UploadLimit,
): Promise<{ stored: StoredUpload; name: string }> {
  if (!request.isMultipart()) throw AppError.fields({ file: [CHOOSE_A_FILE] });
  let stored: StoredUpload | undefined;
  let rawName: unknown;
  try {
    const parts = request.parts({
      limits: { fileSize: limit.maxBytes, files: 2, fields: 10, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw AppError.fields({ [part.fieldname]: ['Send one file, in the file field.'] });
        }
        stored = await storeUpload(storage, part.file, limit);
      } else if (part.fieldname === 'name') {
        if (part.valueTruncated) throw AppError.fields({ name: ['This name is too long.'] });
        rawName = part.value;
      }
    }
    if (!stored) throw AppError.fields({ file: [CHOOSE_A_FILE] });
    const name = ZUploadName.safeParse(rawName);
    if (!name.success) {
      throw AppError.fields({ name: name.error.issues.map((issue) => issue.message) });
    }
    return { stored, name: name.data };
  } catch (error) {
    if (stored) await storage.delete(stored.staged.stagingKey);
    throw error;
  }
}

/** Files members upload, under /api/common/ (SPEC §7: POST and DELETE `files/`). */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const usualLimit = usualUploadLimit(options.maxFileBytes ?? FILE_MAX_BYTES);
  const deps: MediaDeps = {
    db: app.db,
    storage: app.storage,
    now: app.config.clock ?? (() => new Date()),
  };
  const tags = ['media'];

  app.post(
    '/files/',
    {
      onRequest: [app.authenticate, app.actionLimit('uploads')],
      schema: {
        tags,
        summary:
          'Upload a file: multipart form with `file` (audio, PDF or plain text, type read from its bytes, at most 100 MB) and `name`.',
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadedFile },
      },
    },
    async (request, reply) => {
      const owner = currentUser(request);
      const limit = await app.uploadLimit(owner, usualLimit);
      const { stored, name } = await readUploadForm(request, deps.storage, limit);
      const row = await createFile(deps, owner.id, stored, name);
      return reply.code(201).send(presentFile(row, deps.storage));
    },
  );

  app.delete(
    '/files/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete one of your files, and its bytes.',
        params: ZFileParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deleteFile(deps, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
