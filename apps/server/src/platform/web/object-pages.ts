import type { WebRoutePattern } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import type { PageHead } from './page-head';
import type { SitemapSource } from './sitemap';

/**
 * The head of an object's page, from the parameters of its address; undefined when the object
 * does not exist or is not public, and the page answers 404.
 */
export type PageLookup = (
  app: FastifyInstance,
  params: Record<string, string>,
) => Promise<PageHead | undefined>;

/**
 * The API reads (paths with their query) a page's first screen makes for a visitor, from the
 * parameters of its address and its query; the page arrives with their answers
 * (`@agora/shared`'s preloaded-answers.ts).
 */
export type FirstScreenReads = (params: Record<string, string>, query: URLSearchParams) => string[];

/** What the server knows of the app's pages beyond their patterns. */
export interface WebPages {
  /** Pages that show one object, by route pattern. */
  objects: Partial<Record<WebRoutePattern, PageLookup>>;
  /** Pages whose first screen a visitor is sent with its content, by route pattern. */
  firstScreens: Partial<Record<WebRoutePattern, FirstScreenReads>>;
  /** Whose public objects the sitemap lists. */
  sitemap: SitemapSource[];
}

/** An id as the app's addresses carry it: digits, no sign, no leading zero. */
function idOf(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * The page of one object of a content model at `:id`: found when a signed-out visitor may see
 * it (published or archived), titled and described from the kind's own summary.
 */
export function contentPage(model: string): PageLookup {
  return async (app, params) => {
    const id = idOf(params.id);
    if (id === undefined) return undefined;
    const kind = app.content.kind(model);
    if (!(await kind.isVisibleTo(app.db, id, null))) return undefined;
    const summary = (await kind.summarise(app.db, [id])).get(id);
    if (!summary) return undefined;
    const { title, text } = summary;
    // A quiz's text opens with its question, which the title already says.
    const description = text.startsWith(title) ? text.slice(title.length) : text;
    return { title, description, type: 'article' };
  };
}
