import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { appWide } from '../plugin';
import { createDiskStorage, MEDIA_URL_PREFIX, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** What a page may show of ours in place: pictures and sound. */
const SHOWN_IN_PLACE = /^(image|audio)\//;

/**
 * Uploaded bytes never run as our origin: no document served from here may script, and
 * anything but a picture or sound downloads instead of opening (a PDF can carry JavaScript).
 */
function guardUploads(reply: FastifyReply): void {
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  if (!SHOWN_IN_PLACE.test(String(reply.getHeader('content-type') ?? ''))) {
    reply.header('content-disposition', 'attachment');
  }
}

export const storagePlugin = appWide<{ mediaDir: string; publicUrl: string }>(
  'agora-storage',
  async (app, { mediaDir, publicUrl }) => {
    await mkdir(mediaDir, { recursive: true });
    app.decorate('storage', createDiskStorage(mediaDir, publicUrl));
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: MEDIA_URL_PREFIX,
      // The SPA's instance owns reply.sendFile.
      decorateReply: false,
      dotfiles: 'ignore',
      index: false,
      setHeaders: guardUploads,
    });
  },
);
