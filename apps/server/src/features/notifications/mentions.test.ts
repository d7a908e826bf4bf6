import { describe, expect, it } from 'vitest';
import { MAX_MENTIONS_PER_POST, mentionedUsernames } from './mentions';

describe('mentionedUsernames', () => {
  it('finds each @name once, lower-cased, in order of first appearance', () => {
    expect(mentionedUsernames('Hi @Bob and @ada_l, thanks @BOB!')).toEqual(['bob', 'ada_l']);
  });

  it('keeps dots and hyphens inside a name but not at its end', () => {
    expect(mentionedUsernames('Ask @ada.lovelace or @grace-h. Thanks @cyd...')).toEqual([
      'ada.lovelace',
      'grace-h',
      'cyd',
    ]);
  });

  it('ignores e-mail addresses, code and names too short to exist', () => {
    const text = [
      'Write to ada@example.org or (@bob).',
      '`@inline` code and',
      '```ts',
      '@Decorator() class A {}',
      '```',
      'and @xy alone.',
    ].join('\n');
    expect(mentionedUsernames(text)).toEqual(['bob']);
  });

  it(`stops after ${MAX_MENTIONS_PER_POST} names`, () => {
    const names = Array.from({ length: 12 }, (_, index) => `member${index + 1}`);
    expect(mentionedUsernames(names.map((name) => `@${name}`).join(' '))).toEqual(
      names.slice(0, MAX_MENTIONS_PER_POST),
    );
  });
});
