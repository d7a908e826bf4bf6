import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { appWide } from '../plugin';
import { createDiskStorage } from './disk-storage';
import type { S3Settings } from './s3-storage';
import { scheduleStorageSweep } from './storage-sweep';
import {
  dispositionOf,
  DOWNLOAD_PARAMETER,
  downloadFileName,
  MEDIA_URL_PREFIX,
  PRESIGN_REDIRECT_MAX_AGE_SECONDS,
  type Storage,
} from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export interface StorageOptions {
  mediaDir: string;
  publicUrl: string;
  /** Set: objects live in this bucket instead of `mediaDir`. */
  s3?: S3Settings;
}

/** The name a `/media/` link asks its download to be saved under (`?download=`), if any. */
function downloadNameOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[DOWNLOAD_PARAMETER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Uploaded bytes never run as our origin: no document served from here may script, and
 * anything but a picture or sound downloads instead of opening (a PDF can carry JavaScript),
 * under the member's name for it when the link carries one. `nosniff` comes with every answer
 * (platform/http).
 */
function guardUploads(reply: FastifyReply, path: string): void {
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  const requested = downloadNameOf(reply.request);
  const disposition = dispositionOf(
    String(reply.getHeader('content-type') ?? ''),
    requested && downloadFileName(path, requested),
  );
  if (disposition) reply.header('content-disposition', disposition);
}

/**
 * The bucket when one is configured, else the folder (the seed command uses it too). The AWS
 * SDK loads only for a bucket: it is ~25 MB of memory a server on disk storage never uses.
 */
export async function createStorage({ mediaDir, publicUrl, s3 }: StorageOptions): Promise<Storage> {
  if (!s3) return createDiskStorage(mediaDir, publicUrl);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(s3, publicUrl);
}

/**
 * `app.storage`: the bucket (`S3_*`), or `mediaDir` served at /media/; and the sweep, on the job
 * queue, of what uploads and deletions left behind (`storage-sweep.ts`).
 */
export const storagePlugin = appWide<StorageOptions>('agora-storage', async (app, options) => {
  const { mediaDir, s3 } = options;
  const storage = await createStorage(options);
  app.decorate('storage', storage);
  const sweeps = scheduleStorageSweep(app.db, storage, app.jobs, app.log);
  app.addHook('onReady', async () => sweeps.start());
  app.addHook('onClose', async () => sweeps.stop());
  if (s3) {
    // With a public base URL links point at the bucket; these only answer older links.
    app.get(`${MEDIA_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const downloadName = downloadNameOf(request);
      let target: string;
      try {
        // A public base URL cannot name a download: a named one is always presigned.
        target =
          s3.publicUrl && !downloadName
            ? storage.url(key)
            : await storage.presign(key, { downloadName });
      } catch (error) {
        if (error instanceof AppError) throw new AppError('not_found', 'Not found.');
        throw error;
      }
      return reply
        .header('cache-control', `private, max-age=${PRESIGN_REDIRECT_MAX_AGE_SECONDS}`)
        .redirect(target, 302);
    });
    return;
  }
  await mkdir(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_URL_PREFIX,
    // The SPA's instance owns reply.sendFile.
    decorateReply: false,
    dotfiles: 'ignore',
    index: false,
    // A key never names other bytes later (storage.ts), so browsers need not ask again.
    maxAge: '365d',
    immutable: true,
    setHeaders: guardUploads,
  });
});
