import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import type { Token } from 'marked';

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

const BLOCK_TOKENS = new Set(['paragraph', 'heading', 'code', 'blockquote', 'list_item', 'table']);

function textOf(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'html':
      case 'image':
      case 'hr':
      case 'space':
        break;
      case 'code':
      case 'codespan':
      case 'escape':
      case 'text':
        if ('tokens' in token && token.tokens?.length) textOf(token.tokens, out);
        else out.push(token.text);
        break;
      case 'list':
        for (const item of token.items) {
          textOf(item.tokens, out);
          out.push(' ');
        }
        break;
      case 'table':
        for (const cell of token.header) textOf(cell.tokens, out);
        for (const row of token.rows) for (const cell of row) textOf(cell.tokens, out);
        break;
      default:
        if ('tokens' in token && token.tokens) textOf(token.tokens, out);
    }
    if (BLOCK_TOKENS.has(token.type)) out.push(' ');
  }
}

/**
 * The readable words of a Markdown source, for a preview line: formatting, raw HTML and images
 * left out, cut at a word boundary to about `maxLength` characters.
 */
export function markdownExcerpt(source: string, maxLength = 220): string {
  // Only the start can reach the excerpt; lexing 50,000 characters per card would be waste.
  const tokens = marked.lexer(source.slice(0, maxLength * 8));
  const out: string[] = [];
  textOf(tokens, out);
  const text = out.join('').replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
