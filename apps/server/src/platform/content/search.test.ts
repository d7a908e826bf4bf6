import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_START as START, HIGHLIGHT_STOP as STOP, snippetParts } from './search';

describe('snippetParts', () => {
  it('splits a headline into plain and highlighted parts', () => {
    expect(snippetParts(`the ${START}quick${STOP} ${START}fox${STOP} jumps`)).toEqual([
      { text: 'the ', highlighted: false },
      { text: 'quick', highlighted: true },
      { text: ' ', highlighted: false },
      { text: 'fox', highlighted: true },
      { text: ' jumps', highlighted: false },
    ]);
  });

  it('collapses line breaks, trims the ends and closes up punctuation', () => {
    expect(snippetParts(`\n  first line\n\nsecond ${START}word${STOP} , snacks .\n`)).toEqual([
      { text: 'first line second ', highlighted: false },
      { text: 'word', highlighted: true },
      { text: ', snacks.', highlighted: false },
    ]);
  });

  it('keeps markup as text and leaves an unmatched marker alone', () => {
    expect(snippetParts(`<b>bold</b> ${START}x`)).toEqual([
      { text: `<b>bold</b> ${START}x`, highlighted: false },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});
