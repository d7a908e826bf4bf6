import { describe, expect, it } from 'vitest';
import { countLinks } from './link-count';

describe('countLinks', () => {
  it.each<[string, string, number]>([
    ['no link', 'Plain words, an address ada@example.org, version 1.2 and example.com.', 0],
    ['bare addresses', 'See https://a.example/x?y=1 and www.b.example, or HTTP://C.EXAMPLE.', 3],
    ['the same address twice', 'https://a.example and again https://a.example', 2],
    [
      'Markdown links and images',
      '[one](https://a.example) ![pic](https://b.example/p.png "A")',
      2,
    ],
    ['a relative Markdown link', 'Read [the rules](/discussions/7) first.', 1],
    ['a target with parentheses', '[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) is here', 1],
    ['an address as its own text, once', '[https://a.example](https://a.example)', 1],
    ['autolinks and HTML anchors', '<https://a.example> and <a href="https://b.example">b</a>', 2],
    ['a reference link, by its definition', 'Read [the docs][1].\n\n[1]: https://a.example', 1],
    ['fenced code', 'Run\n```\ncurl https://a.example\n```\n~~~\nwww.b.example\n~~~', 0],
    ['inline code', 'Call `fetch("https://a.example")` here.', 0],
    ['prose around code', '`https://a.example` but https://b.example', 1],
  ])('%s', (_name, markdown, links) => {
    expect(countLinks(markdown)).toBe(links);
  });

  it('reads text full of unclosed brackets and tags in one pass', () => {
    // Each of these took seconds when every `[` or `<a ` was read to the end of the line.
    expect(countLinks('['.repeat(200_000))).toBe(0);
    expect(countLinks(`${'[ '.repeat(100_000)}](https://a.example)`)).toBe(1);
    expect(countLinks('<a '.repeat(70_000))).toBe(0);
  });
});
