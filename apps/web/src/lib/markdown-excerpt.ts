import { Marked } from 'marked';
import type { MarkedOptions, Token } from 'marked';

/** How member-written Markdown is read, for rendering (markdown.ts) and for excerpts alike. */
export const MARKED_OPTIONS = { gfm: true, breaks: true, async: false } satisfies MarkedOptions;

const marked = new Marked(MARKED_OPTIONS);

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
