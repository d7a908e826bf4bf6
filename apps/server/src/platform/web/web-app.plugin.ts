import { stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { appWide } from '../plugin';

/** Paths the SPA never owns: unknown ones answer the API's JSON 404. */
const SERVER_PREFIXES = ['/api', '/auth', '/ws', '/media'];
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.';

function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The request path decoded, or null when it is not valid percent-encoding. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?', 1)[0] ?? '/');
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA: its files as they are (hashed ones under /assets/ cached for good),
 * and index.html for every other page path so client-side routes survive a reload.
 */
export const webAppPlugin = appWide<{ webDist: string }>(
  'agora-web-app',
  async (app, { webDist }) => {
    const root = resolve(webDist);
    const indexHtml = join(root, 'index.html');
    if (!(await isFile(indexHtml))) app.log.warn({ webDist: root }, NOT_BUILT);

    await app.register(fastifyStatic, {
      root,
      serve: false,
      suppressWarning: true,
      cacheControl: false,
      index: false,
      dotfiles: 'ignore',
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : 'no-cache',
        );
      },
    });

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = decodedPath(request.url);
      if (path !== null && isServerPath(path)) return reply.callNotFound();
      if (!(await isFile(indexHtml))) {
        return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      }
      const file = path === null ? undefined : resolve(root, `.${path}`);
      if (file?.startsWith(root + sep) && (await isFile(file))) {
        return reply.sendFile(relative(root, file));
      }
      // A missing hashed file is a stale page asking for an old build, not a page route.
      if (path?.startsWith(ASSETS_PREFIX)) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  },
);
