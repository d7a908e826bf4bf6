import {
  FILE_MAX_BYTES,
  ZFileListQuery,
  ZFileParams,
  ZUploadedFile,
  ZUploadedFilePage,
  ZUploadName,
  ZUploadUsage,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Viewer } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { presentFile } from './media.presenter';
import {
  createFile,
  deleteFile,
  discardUploads,
  listOwnFiles,
  usedBytes,
  type MediaDeps,
} from './media.service';
import { usualUploadLimit, type StoredUpload } from './store-upload';
import { memberUploadLimit, readUploadForm } from './upload-form';

export interface MediaRoutesOptions {
  /** Largest file accepted; FILE_MAX_BYTES unless a test needs a small limit. */
  maxFileBytes?: number;
  /** Bytes each member may keep; the config's UPLOAD_QUOTA_BYTES unless a test needs less. */
  quotaBytes?: number;
}

const CHOOSE_A_FILE = 'Choose a file to upload.';
const ONE_FILE = 'Send one file, in the file field.';

/** Files members upload, under /api/common/ (SPEC §7: POST and DELETE `files/`). */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const usualLimit = usualUploadLimit(options.maxFileBytes ?? FILE_MAX_BYTES);
  const deps: MediaDeps = {
    db: app.db,
    storage: app.storage,
    now: app.config.clock ?? (() => new Date()),
  };
  const quotaBytes = options.quotaBytes ?? app.config.uploadQuotaBytes;
  const limitFor = (owner: Viewer) =>
    memberUploadLimit(app, deps.db, owner, usualLimit, quotaBytes);

  /** SPEC §3's form: `file` and `name`, in whatever order the parts come. */
  async function readFileForm(owner: Viewer, request: Parameters<typeof readUploadForm>[0]) {
    const { uploads, fields } = await readUploadForm(request, deps.storage, await limitFor(owner), {
      rules: { field: 'file' },
      maxFiles: 1,
      chooseFile: CHOOSE_A_FILE,
      wrongFile: ONE_FILE,
      tooManyFiles: ONE_FILE,
    });
    const stored: StoredUpload | undefined = uploads[0]?.stored;
    const name = ZUploadName.safeParse(fields.name);
    if (stored && name.success) return { stored, name: name.data };
    await discardUploads(
      deps.storage,
      uploads.map((upload) => upload.stored),
    );
    if (!stored) throw AppError.fields({ file: [CHOOSE_A_FILE] });
    throw AppError.fields({ name: name.error?.issues.map((issue) => issue.message) ?? [] });
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
      const { stored, name } = await readFileForm(owner, request);
      const row = await createFile(deps, owner.id, stored, name, quotaBytes);
      return reply.code(201).send(presentFile(row, deps.storage));
    },
  );

  app.get(
    '/files/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Your own files, newest first (your albums' pictures are listed with the albums).",
        querystring: ZFileListQuery,
        response: { 200: ZUploadedFilePage },
      },
    },
    async (request) => {
      const page = await listOwnFiles(deps.db, currentUser(request).id, request.query);
      return presentPage(page, (row) => presentFile(row, deps.storage));
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
