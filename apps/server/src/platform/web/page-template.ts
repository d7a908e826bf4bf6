import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** The built index.html, cut where each page's own head tags go. */
export interface PageTemplate {
  /** Everything before `</head>`, without the build's title and description. */
  head: string;
  /** `</head>` and everything after it. */
  rest: string;
  /** The build's description: what a page without its own says. */
  siteDescription: string;
  /** Each page's own scripts (paths in the build) by route pattern, from page-preloads.json. */
  pagePreloads: Record<string, string[]>;
}

/** Written by the web build (apps/web/build/page-preloads.ts) beside index.html. */
const PAGE_PRELOADS_FILE = 'page-preloads.json';
const pagePreloadsSchema = z.record(z.string(), z.array(z.string()));

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>\s*/i;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

export function parseTemplate(
  html: string,
  pagePreloads: PageTemplate['pagePreloads'] = {},
): PageTemplate {
  const end = html.search(/<\/head>/i);
  const head = end === -1 ? html : html.slice(0, end);
  const description = DESCRIPTION.exec(head)?.[1] ?? '';
  return {
    head: head.replace(TITLE, '').replace(DESCRIPTION, ''),
    rest: end === -1 ? '' : html.slice(end),
    siteDescription: description.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e),
    pagePreloads,
  };
}

/**
 * `<link rel="modulepreload">` for each script of a page that the entry does not load: the
 * browser then fetches the page's code beside the shell's, not after the shell has run.
 */
export function preloadTags(files: readonly string[] = []): string {
  return files
    .filter((file) => /^[\w./-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
    .join('\n    ');
}

/** The page with `tags` in its head. */
export function fillTemplate(template: PageTemplate, tags: string): string {
  return `${template.head.trimEnd()}\n    ${tags}\n  ${template.rest}`;
}

/** The build's page preloads; none when the file is missing or not what the build writes. */
async function readPagePreloads(file: string): Promise<PageTemplate['pagePreloads']> {
  try {
    return pagePreloadsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return {};
  }
}

/**
 * Reads index.html and page-preloads.json when either changed (a new build under a running
 * server), else answers from memory; undefined while there is no build.
 */
export function templateLoader(file: string): () => Promise<PageTemplate | undefined> {
  const preloadsFile = join(dirname(file), PAGE_PRELOADS_FILE);
  let cached: { version: string; template: PageTemplate } | undefined;
  return async () => {
    const [info, preloadsInfo] = await Promise.all(
      [file, preloadsFile].map((path) => stat(path).catch(() => undefined)),
    );
    if (!info?.isFile()) return undefined;
    const version = `${info.mtimeMs}:${preloadsInfo?.mtimeMs ?? 0}`;
    if (cached?.version !== version) {
      const [html, preloads] = await Promise.all([
        readFile(file, 'utf8'),
        readPagePreloads(preloadsFile),
      ]);
      cached = { version, template: parseTemplate(html, preloads) };
    }
    return cached.template;
  };
}
