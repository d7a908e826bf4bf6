/** What a post gives the speech engine: its plain-text title and its Markdown body. */
export interface SpeechPost {
  title: string;
  content: string;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)\s*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*\S+.*$/;
const HEADING = /^ {0,3}#{1,6}(?:\s+|$)(.*?)(?:\s+#+)?\s*$/;
const BLOCKQUOTE_MARKERS = /^(\s*>\s?)+/;
const LIST_MARKER = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/;
const SENTENCE_END = /[.!?…:;]["'”’)\]]*$/;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

// Backslash-escaped characters are parked in the Private Use Area while markup is removed.
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!|>~<])/g;
const PARKED = /[\uE000-\uE07F]/g;

/** Markup inside one line: what remains is the words a reader sees. */
function inlineText(line: string): string {
  return (
    line
      .replace(ESCAPED, (_match, char: string) => String.fromCharCode(0xe000 + char.charCodeAt(0)))
      // Inline code keeps its text, without the backticks.
      .replace(/(`+)([\s\S]*?)\1/g, (_match, _ticks, code: string) => code.trim())
      // Images become their alt text, links their text (inline and reference style).
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      // Autolinks keep their address; the tag pass below would otherwise delete them.
      .replace(/<((?:https?|ftp|mailto):[^\s>]+)>/gi, '$1')
      // HTML: an image's alt text survives, every other tag and comment goes.
      .replace(/<img\b[^>]*?\balt\s*=\s*(["'])(.*?)\1[^>]*>/gi, ' $2 ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>/gi, ' ')
      // Emphasis and strike-through markers; underscores inside words (snake_case) stay.
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1')
      .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?=[^\w]|$)/g, '$1$2')
      // Table cells.
      .replace(/\s*\|\s*/g, ' ')
      .replace(PARKED, (char) => String.fromCharCode(char.charCodeAt(0) - 0xe000))
  );
}

function endSentence(text: string): string {
  return text === '' || SENTENCE_END.test(text) ? text : `${text}.`;
}

/**
 * Splits Markdown into blocks of plain text. A block ends a sentence when read aloud: a
 * paragraph, a heading, a list item, a table row, a line of code. Lines of one paragraph
 * (soft line breaks) join with a space.
 */
function blocksOf(markdown: string): string[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push(paragraph.join(' '));
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = FENCE_OPEN.exec(line)?.[1];
    if (fence) {
      // Fenced code: the fences go, each line of code is read as it is.
      endParagraph();
      const close = new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`);
      for (i++; i < lines.length && !close.test(lines[i] ?? ''); i++) {
        const code = (lines[i] ?? '').trim();
        if (code) blocks.push(code);
      }
      continue;
    }
    if (line.trim() === '' || THEMATIC_BREAK.test(line) || LINK_DEFINITION.test(line)) {
      endParagraph();
      continue;
    }
    if (TABLE_DELIMITER_ROW.test(line) && line.includes('-') && line.includes('|')) continue;
    if (SETEXT_UNDERLINE.test(line) && paragraph.length > 0) {
      // The paragraph above was a heading.
      endParagraph();
      continue;
    }
    const unquoted = line.replace(BLOCKQUOTE_MARKERS, '');
    const heading = HEADING.exec(unquoted);
    if (heading) {
      endParagraph();
      blocks.push(inlineText(heading[1] ?? ''));
      continue;
    }
    if (LIST_MARKER.test(unquoted) || /^\s*\|/.test(unquoted)) {
      endParagraph();
      blocks.push(inlineText(unquoted.replace(LIST_MARKER, '')));
      continue;
    }
    paragraph.push(inlineText(unquoted));
  }
  endParagraph();
  return blocks;
}

function tidy(text: string): string {
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/**
 * The words of a post as a listener should hear them: the title as a sentence, then the
 * content with its Markdown (and any HTML) taken out. Links are read as their text, images
 * as their alt text, code without its fences and backticks; headings, list items and
 * paragraphs each end a sentence so the voice pauses between them.
 */
export function markdownToSpeechText({ title, content }: SpeechPost): string {
  return [tidy(inlineText(title)), ...blocksOf(content).map(tidy)]
    .filter((sentence) => sentence !== '')
    .map(endSentence)
    .join(' ');
}
