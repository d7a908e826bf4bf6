import { readFile, stat } from 'node:fs/promises';

/** The built index.html, cut where each page's own head tags go. */
export interface PageTemplate {
  /** Everything before `</head>`, without the build's title and description. */
  head: string;
  /** `</head>` and everything after it. */
  rest: string;
  /** The build's description: what a page without its own says. */
  siteDescription: string;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>\s*/i;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

export function parseTemplate(html: string): PageTemplate {
  const end = html.search(/<\/head>/i);
  const head = end === -1 ? html : html.slice(0, end);
  const description = DESCRIPTION.exec(head)?.[1] ?? '';
  return {
    head: head.replace(TITLE, '').replace(DESCRIPTION, ''),
    rest: end === -1 ? '' : html.slice(end),
    siteDescription: description.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e),
  };
}

/** The page with `tags` in its head. */
export function fillTemplate(template: PageTemplate, tags: string): string {
  return `${template.head.trimEnd()}\n    ${tags}\n  ${template.rest}`;
}

/**
 * Reads index.html when it changed (a new build under a running server), else answers from
 * memory; undefined while there is no build.
 */
export function templateLoader(file: string): () => Promise<PageTemplate | undefined> {
  let cached: { mtimeMs: number; template: PageTemplate } | undefined;
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (cached?.mtimeMs !== info.mtimeMs) {
      cached = { mtimeMs: info.mtimeMs, template: parseTemplate(await readFile(file, 'utf8')) };
    }
    return cached.template;
  };
}
