import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Excerpts live apart so that plain-text previews (lists, profiles) load neither marked nor the
// sanitiser.
export { markdownExcerpt } from './markdown-excerpt';

/**
 * Member-written Markdown (ARCHITECTURE.md: stored as written, rendered sanitised). `marked`
 * turns it into HTML, raw HTML included; DOMPurify then keeps only harmless HTML, so the
 * sanitiser, not the Markdown parser, is the security boundary.
 */

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** Links leave the page and carry no endorsement or opener access (issue 4). */
export const MARKDOWN_LINK_REL = 'nofollow ugc noopener';

// An own instance, so these hooks and settings never leak into another DOMPurify user.
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('rel', MARKDOWN_LINK_REL);
    node.setAttribute('target', '_blank');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
});

const PURIFY_CONFIG = {
  // HTML only: no SVG or MathML, whose namespaces carry their own script and event vectors.
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'iframe',
    'frame',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'dialog',
    'template',
    'base',
    'link',
    'meta',
  ],
  // Inline styles could overlay the page (fake buttons, hidden text); ids and classes could
  // collide with the app's own.
  FORBID_ATTR: ['style', 'id', 'class', 'srcset', 'formaction', 'action'],
  ALLOW_DATA_ATTR: false,
};

/** Sanitised HTML for a Markdown source: safe to put into the page with `innerHTML`. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return purify.sanitize(html, PURIFY_CONFIG);
}
