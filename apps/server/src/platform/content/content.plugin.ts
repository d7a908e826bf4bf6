import { appWide } from '../plugin';
import type { ContentCleaner, ContentKinds } from './content-kind';
import { ContentRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every kind of content and the generic modules' clean-up. */
    content: ContentRegistry;
  }
}

export interface ContentPluginOptions {
  /** Each feature's kinds, as `content-kinds.ts` lists them. */
  kinds: ContentKinds[];
  cleaners: ContentCleaner[];
}

export const contentPlugin = appWide<ContentPluginOptions>(
  'agora-content',
  async (app, options) => {
    app.decorate('content', new ContentRegistry(options.kinds, options.cleaners));
  },
);
