/*
 * Plain words of member-written Markdown for preview lines (cards, profiles). Written out rather
 * than read with marked's lexer: every list and the home page show excerpts, and marked is 15 KB
 * gzipped of the first load that only the pages rendering whole posts need (markdown.ts).
 * A preview may differ from the rendering in odd corners; it never shows markup.
 */

/** Raw HTML blocks that run to their closing tag, blank lines included (CommonMark type 1). */
const HTML_BLOCK_TO_CLOSE = /^ {0,3}<(script|pre|style|textarea)(?=[\s>]|$)/i;
/** Any other raw HTML block: a tag or comment starting a block, up to the next blank line. */
const HTML_BLOCK = /^ {0,3}(?:<\/?[a-z][\w-]*(?=[\s/>]|$)|<!--)/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A thematic break, a setext underline or a table's delimiter row: no words of their own. */
const RULE_LINE =
  /^ {0,3}(?:([-*_])(?:[ \t]*\1){2,}|=+|-+|\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?)[ \t]*$/;
/** Blockquote markers, a list item's marker (and task box), a heading's hashes. */
const LINE_MARKERS =
  /^(?: {0,3}>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?(?:#{1,6}(?:[ \t]+|$))?/;
const CLOSING_HASHES = /[ \t]+#+[ \t]*$/;

/*
 * Inline Markdown, left to right: an escape, a code span, an image (dropped), a link (its text),
 * an autolink (its address), an HTML tag or comment (dropped, the text between tags stays), or
 * a run of emphasis characters.
 */
const INLINE =
  /\\([!-/:-@[-`{-~])|(`+)([^`][\s\S]*?)\2(?!`)|!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?|\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])?|<((?:https?:\/\/|mailto:)[^\s>]+|[^\s>@]+@[^\s>]+)>|<\/?[a-z][\w-]*(?:\s[^>]*)?\/?>|<!--[\s\S]*?-->|([*_~]+)/gi;

function inlineText(text: string): string {
  return text.replace(
    INLINE,
    (
      match: string,
      escaped: string | undefined,
      _ticks: string | undefined,
      code: string | undefined,
      linkText: string | undefined,
      address: string | undefined,
      emphasis: string | undefined,
      offset: number,
    ) => {
      if (escaped !== undefined) return escaped;
      if (code !== undefined) return code.trim() || code;
      if (linkText !== undefined) return inlineText(linkText);
      if (address !== undefined) return address;
      // A line break tag parts words; other tags, comments and images leave nothing.
      if (emphasis === undefined) return /^<br\b/i.test(match) ? ' ' : '';
      // Emphasis opens or closes against a word; a lone `*` between spaces ("2 * 3") and an
      // underscore inside a word (snake_case) are text.
      const before = text[offset - 1] ?? ' ';
      const after = text[offset + match.length] ?? ' ';
      const wordBefore = /\S/.test(before);
      const wordAfter = /\S/.test(after);
      if (!wordBefore && !wordAfter) return match;
      if (emphasis.startsWith('_') && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after))
        return match;
      return '';
    },
  );
}

/** A line that starts a block of its own: a list item, a heading or a table row. */
const BLOCK_START =
  /^(?: {0,3}>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|#{1,6}(?:[ \t]+|$)|\|)/;
const HEADING = /^(?: {0,3}>[ \t]?)*[ \t]*#{1,6}(?:[ \t]+|$)/;

/**
 * The words of a Markdown source by block (paragraph, list item, heading, table row, code
 * block), each line with its block markers taken off.
 */
function textBlocks(source: string): string[] {
  const blocks: string[][] = [];
  /** The next line with words starts a block. */
  let boundary = true;
  const add = (text: string) => {
    const current = blocks.at(-1);
    if (boundary || !current) blocks.push([text]);
    else current.push(text);
    boundary = false;
  };
  let fence: string | undefined;
  let htmlUntil: RegExp | 'blank' | undefined;
  let previousBlank = true;
  for (const line of source.split(/\r\n?|\n/)) {
    const blank = line.trim() === '';
    if (fence !== undefined) {
      if (line.trimStart().startsWith(fence)) {
        fence = undefined;
        boundary = true;
      } else add(line);
    } else if (htmlUntil !== undefined) {
      if (htmlUntil === 'blank' ? blank : htmlUntil.test(line)) htmlUntil = undefined;
    } else if (FENCE.test(line)) {
      fence = FENCE.exec(line)?.[1];
      boundary = true;
    } else if (HTML_BLOCK_TO_CLOSE.test(line)) {
      const tag = HTML_BLOCK_TO_CLOSE.exec(line)?.[1] ?? '';
      const close = new RegExp(`</${tag}>`, 'i');
      if (!close.test(line)) htmlUntil = close;
    } else if (previousBlank && HTML_BLOCK.test(line)) {
      htmlUntil = 'blank';
    } else if (blank || RULE_LINE.test(line)) {
      boundary = true;
    } else {
      if (BLOCK_START.test(line)) boundary = true;
      const words = line.replace(LINE_MARKERS, '').replace(CLOSING_HASHES, '');
      // A table row's cells read as words apart.
      add(inlineText(words.includes('|') ? words.replace(/(?<!\\)\|/g, ' ') : words));
      // A heading is a block of one line.
      if (HEADING.test(line)) boundary = true;
    }
    previousBlank = blank;
  }
  return blocks.map((lines) => lines.join(' ').replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Text that already ends its sentence or clause, closing quotes and brackets aside. */
const ENDS_CLAUSE = /[.!?:;,…][)\]"'’”]*$/;

/**
 * The blocks as one line: a block that does not end its own sentence (a list item, a heading)
 * is set apart from the next by a middle dot, so "Lobster gloves" and "A buff" do not run on.
 */
function joinBlocks(blocks: string[]): string {
  return blocks.reduce((line, block) => {
    if (line === '') return block;
    return `${line}${ENDS_CLAUSE.test(line) ? ' ' : ' · '}${block}`;
  }, '');
}

/**
 * The readable words of a Markdown source, for a preview line: formatting, raw HTML and images
 * left out, cut at a word boundary to about `maxLength` characters.
 */
export function markdownExcerpt(source: string, maxLength = 220): string {
  // Only the start can reach the excerpt; reading 50,000 characters per card would be waste.
  const text = joinBlocks(textBlocks(source.slice(0, maxLength * 8)));
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?·-]+$/, '')}…`;
}
