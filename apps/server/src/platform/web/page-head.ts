import { MISSING_PAGE_META } from '@agora/shared';

/** What a page tells link previews and search engines about itself. */
export interface PageHead {
  /** The page's own title, without the site name. */
  title: string;
  /** Plain text or Markdown; the site's description when empty. */
  description?: string;
  /** Open Graph type: an object page is an `article`, a member's a `profile`. */
  type: 'website' | 'article' | 'profile';
}

export const SITE_NAME = 'Agora';
/** What previews show of a description at most (search engines cut near 155–160 characters). */
const DESCRIPTION_MAX = 160;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in HTML text and in a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * Markdown as a preview reads it: link and image texts without their addresses, no markup,
 * one line, cut at a word with an ellipsis.
 */
export function previewText(markdown: string, max = DESCRIPTION_MAX): string {
  const flat = markdown
    .replace(/```[^\n]*\n?|`/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

export interface HeadContext {
  /**
   * The page's absolute address, for og:url. No canonical link: PUBLIC_URL names one host, and a
   * page read under another (127.0.0.1 for localhost) would point search engines away.
   */
  url: string;
  /** The site's own description, for pages that have none. */
  siteDescription: string;
  /**
   * The page answers 404: search engines leave it out, and the app reads MISSING_PAGE_META
   * rather than asking the API for its object again.
   */
  missing?: boolean;
}

/** The `<title>`, description and Open Graph tags of a page, escaped. */
export function renderHead(head: PageHead, context: HeadContext): string {
  const title = head.title === SITE_NAME ? SITE_NAME : `${head.title} · ${SITE_NAME}`;
  const description = previewText(head.description ?? '') || context.siteDescription;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    ...(context.missing
      ? [meta('name', 'robots', 'noindex'), meta('name', MISSING_PAGE_META, '404')]
      : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', context.url),
    meta('name', 'twitter:card', 'summary'),
  ].join('\n    ');
}
