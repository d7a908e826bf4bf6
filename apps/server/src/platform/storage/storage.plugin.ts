import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import { appWide } from '../plugin';
import { createDiskStorage, MEDIA_URL_PREFIX, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
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
    });
  },
);
