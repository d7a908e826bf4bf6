import {
  FILE_MAX_BYTES,
  ZFileParams,
  ZUploadedFile,
  ZUploadName,
  ZUploadUsage,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type UploadLimit, type Viewer } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { presentFile } from './media.presenter';
import {
  createFile,
  deleteFile,
  discardUpload,
  quotaExceeded,
  usedBytes,
  storeUpload,
  usualUploadLimit,
  type MediaDeps,
  type StoredUpload,
} from './media.service';

export interface MediaRoutesOptions {
  /** Largest file accepted; FILE_MAX_BYTES unless a test needs a small limit. */
  maxFileBytes?: number;
  /** Bytes each member may keep; the config's UPLOAD_QUOTA_BYTES unless a test needs less. */
  quotaBytes?: number;
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
    if (stored) await discardUpload(storage, stored);
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
  const quotaBytes = options.quotaBytes ?? app.config.uploadQuotaBytes;

  /**
   * The smaller of the member's size limit and what is left of their quota, so an upload that
   * cannot fit is cut off as it streams in. A picture's thumbnails are only known once it is
   * decoded: `createFile` checks the total again.
   */
  async function limitFor(owner: Viewer): Promise<UploadLimit> {
    const sizeLimit = await app.uploadLimit(owner, usualLimit);
    const used = await usedBytes(deps.db, owner.id);
    if (quotaBytes - used >= sizeLimit.maxBytes) return sizeLimit;
    return { maxBytes: Math.max(1, quotaBytes - used), tooLarge: quotaExceeded(quotaBytes, used) };
  }
  const tags = ['media'];

  app.post(
    '/files/',
    {
      onRequest: [app.authenticate, app.actionLimit('uploads')],
      schema: {
        tags,
        summary:
          'Upload a file: multipart form with `file` (an image, audio, PDF or plain text, type read from its bytes, at most 100 MB and within your storage quota) and `name`. Images are stored upright without metadata, with WebP thumbnails and a BlurHash.',
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadedFile },
      },
    },
    async (request, reply) => {
      const owner = currentUser(request);
      const { stored, name } = await readUploadForm(request, deps.storage, await limitFor(owner));
      const row = await createFile(deps, owner.id, stored, name, quotaBytes);
      return reply.code(201).send(presentFile(row, deps.storage));
    },
  );

  app.get(
    '/files/usage/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'What your files take in storage (thumbnails included) against your quota.',
        response: { 200: ZUploadUsage },
      },
    },
    async (request) => {
      const used = await usedBytes(deps.db, currentUser(request).id);
      return { usedBytes: used, limitBytes: quotaBytes, leftBytes: Math.max(0, quotaBytes - used) };
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
