import { stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchWebRoute, type WebRouteMatch } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { appWide } from '../plugin';
import type { WebPages } from './object-pages';
import { renderHead, SITE_NAME, type PageHead } from './page-head';
import { fillTemplate, preloadTags, templateLoader } from './page-template';
import { carriesSession, preloadedAnswersTag } from './preloaded-answers';
import { robotsTxt } from './robots';
import {
  newestPublished,
  SITEMAP_STATIC_PATHS,
  SITEMAP_URLS_MAX,
  sitemapXml,
  type SitemapSource,
} from './sitemap';

/** Paths the SPA never owns: unknown ones answer the API's JSON 404. */
const SERVER_PREFIXES = ['/api', '/auth', '/ws', '/media'];
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long one sitemap serves every crawler, here and in their caches. */
const SITEMAP_TTL_SECONDS = 300;
const NOT_BUILT =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.';

const SITE_HEAD: PageHead = { title: SITE_NAME, type: 'website' };
const NOT_FOUND_HEAD: PageHead = { title: 'Page not found', type: 'website' };

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

/** The query of a request's URL. */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
}

/** What the app shows at `path`: its head, and its route pattern when it is there at all. */
async function pageAt(
  app: FastifyInstance,
  pages: WebPages,
  path: string | null,
): Promise<{ match?: WebRouteMatch; head: PageHead }> {
  const match = path === null ? null : matchWebRoute(path);
  if (!match) return { head: NOT_FOUND_HEAD };
  const lookup = pages.objects[match.pattern];
  if (!lookup) return { match, head: SITE_HEAD };
  const head = await lookup(app, match.params);
  return head ? { match, head } : { head: NOT_FOUND_HEAD };
}

/** The sitemap, built at most once per TTL whatever the number of crawlers asking. */
function sitemapBuilder(app: FastifyInstance, publicUrl: string, sources: SitemapSource[]) {
  let built: { at: number; xml: Promise<string> } | undefined;
  const build = async () => {
    const objects = await newestPublished(
      app.db,
      sources,
      SITEMAP_URLS_MAX - SITEMAP_STATIC_PATHS.length,
    );
    return sitemapXml([
      ...SITEMAP_STATIC_PATHS.map((path) => ({ loc: `${publicUrl}${path}` })),
      ...objects.map(({ model, id, updatedAt }) => ({
        loc: `${publicUrl}${app.content.path({ model, id, host: null, parentId: null })}`,
        lastmod: updatedAt,
      })),
    ]);
  };
  return (): Promise<string> => {
    if (!built || Date.now() - built.at > SITEMAP_TTL_SECONDS * 1000) {
      const xml = build();
      built = { at: Date.now(), xml };
      // A failed build is not kept: the next crawler tries again.
      xml.catch(() => {
        if (built?.xml === xml) built = undefined;
      });
    }
    return built.xml;
  };
}

/**
 * Serves the built SPA: its files as they are (hashed ones under /assets/ cached for good, in
 * their Brotli or gzip copy when the client takes one), and every page path with index.html,
 * its head naming the page for link previews and search engines. A path that is no page of
 * the app, or an object page whose object is missing or not public, answers 404 with the same
 * HTML: the app shows its broken-link screen. Also /robots.txt and /sitemap.xml.
 */
export const webAppPlugin = appWide<{ webDist: string; publicUrl: string; pages: WebPages }>(
  'agora-web-app',
  async (app, { webDist, publicUrl, pages }) => {
    const root = resolve(webDist);
    const loadTemplate = templateLoader(join(root, 'index.html'));
    if (!(await loadTemplate())) app.log.warn({ webDist: root }, NOT_BUILT);
    const sitemap = sitemapBuilder(app, publicUrl, pages.sitemap);

    await app.register(fastifyStatic, {
      root,
      serve: false,
      suppressWarning: true,
      cacheControl: false,
      index: false,
      dotfiles: 'ignore',
      // The build writes `.br` and `.gz` beside each compressible asset.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : 'no-cache',
        );
      },
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(robotsTxt(publicUrl)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${SITEMAP_TTL_SECONDS}`)
        .send(await sitemap()),
    );

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = decodedPath(request.url);
      if (path !== null && isServerPath(path)) return reply.callNotFound();
      const template = await loadTemplate();
      if (!template) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      const file = path === null ? undefined : resolve(root, `.${path}`);
      if (file?.startsWith(root + sep) && (await isFile(file))) {
        return reply.sendFile(relative(root, file));
      }
      // A missing hashed file is a stale page asking for an old build, not a page route.
      if (path?.startsWith(ASSETS_PREFIX)) return reply.callNotFound();

      const { match, head } = await pageAt(app, pages, path);
      const found = match !== undefined;
      const address = path === null ? '/' : encodeURI(path.replace(/(.)\/+$/, '$1'));
      const reads = carriesSession(request.headers.cookie)
        ? undefined
        : match && pages.firstScreens[match.pattern]?.(match.params, queryOf(request.url));
      const tags = [
        renderHead(head, {
          url: `${publicUrl}${address}`,
          siteDescription: template.siteDescription,
          missing: !found,
        }),
        found ? preloadTags(template.pagePreloads[match.pattern]) : '',
        reads ? await preloadedAnswersTag(app, reads) : '',
      ]
        .filter(Boolean)
        .join('\n    ');
      return reply
        .code(found ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fillTemplate(template, tags));
    });
  },
);
