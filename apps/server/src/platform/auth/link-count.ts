// Code is not prose: an address in a snippet links nowhere (mentions.ts skips code alike).
const FENCED_CODE = /```[\s\S]*?```|~~~[\s\S]*?~~~/g;
const INLINE_CODE = /`[^`\n]*`/g;
/**
 * `[text](target "title")` and `![alt](source)`; a target may hold one level of parentheses.
 * The text stops at the next `[`: a line of thousands of brackets is then read once, not once
 * per bracket (a nested `[a [b]](target)` counts by its address alone).
 */
const MARKDOWN_LINK =
  /!?\[[^[\]\n]*\]\(\s*(?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
/** `[label]: target`, where a reference link's address is written. */
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S+/gm;
/** `<https://…>` and an HTML `<a …>`, which the sanitised rendering keeps as links. */
const TAG_LINK = /<(?:[a-z][a-z0-9+.-]{1,31}:[^\s<>]+|a\s[^<>]*)>/gi;
/** What the web's Markdown (GFM) turns into a link by itself. */
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>]+/gi;

/**
 * How many links a member's Markdown holds: Markdown links and images, link definitions,
 * `<…>` autolinks and HTML anchors, and bare `http(s)://` or `www.` addresses. Each is counted
 * once, where it is written: `[https://a.example](https://a.example)` is one link.
 */
export function countLinks(markdown: string): number {
  let links = 0;
  const counted = () => {
    links += 1;
    return ' ';
  };
  const prose = markdown
    .replace(FENCED_CODE, ' ')
    .replace(INLINE_CODE, ' ')
    .replace(MARKDOWN_LINK, counted)
    .replace(LINK_DEFINITION, counted)
    .replace(TAG_LINK, counted);
  return links + (prose.match(BARE_URL)?.length ?? 0);
}
