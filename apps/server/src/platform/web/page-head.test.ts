import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, previewText } from './page-head';
import { fillTemplate, parseTemplate, preloadTags, templateLoader } from './page-template';

describe('previewText', () => {
  it('reads Markdown as plain words', () => {
    expect(
      previewText(
        '## Meet *at* the [harbour](https://x.org/a_b) ![map](m.png)\n\n> Bring `tea`\n- one\n1. two',
      ),
    ).toBe('Meet at the harbour map Bring tea one two');
  });

  it('cuts at a word with an ellipsis, within the limit', () => {
    expect(previewText('alpha beta gamma delta', 15)).toBe('alpha beta…');
    expect(previewText('a'.repeat(30), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('escapeHtml', () => {
  it('escapes what could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x">O'Neil & co</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;',
    );
  });
});

describe('page template', () => {
  const html =
    '<html><head>\n<meta charset="UTF-8" />\n<meta name="description" content="Fish &amp; chips &quot;daily&quot;" />\n<title>Agora</title>\n</head><body><div id="root"></div></body></html>';

  it('takes the build title and description out, keeping the description as text', () => {
    const template = parseTemplate(html);
    expect(template.siteDescription).toBe('Fish & chips "daily"');
    expect(template.head).not.toContain('<title>');
    expect(template.head).not.toContain('name="description"');
    expect(template.head).toContain('<meta charset="UTF-8" />');
  });

  it('puts the page tags at the end of the head', () => {
    const page = fillTemplate(parseTemplate(html), '<title>Mine</title>');
    expect(page).toMatch(/<meta charset="UTF-8" \/>\s*<title>Mine<\/title>\s*<\/head><body>/);
    expect(page.match(/<title>/g)).toHaveLength(1);
  });
});

describe('page preloads', () => {
  it('links each script of the page, and nothing that is not a script path', () => {
    expect(preloadTags(['assets/a-1.js', 'assets/b"><script>.js', 'assets/c.css'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a-1.js" />',
    );
    expect(preloadTags(undefined)).toBe('');
  });

  it('reads them beside index.html, again when a new build writes them, none when unreadable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-template-'));
    try {
      const index = join(dir, 'index.html');
      const preloads = join(dir, 'page-preloads.json');
      await writeFile(index, '<html><head><title>Agora</title></head><body></body></html>');
      const load = templateLoader(index);
      expect((await load())?.pagePreloads).toEqual({});

      await writeFile(preloads, JSON.stringify({ '/polls': ['assets/polls-page-1.js'] }));
      await utimes(preloads, new Date(), new Date(Date.now() + 5_000));
      expect((await load())?.pagePreloads).toEqual({ '/polls': ['assets/polls-page-1.js'] });

      await writeFile(preloads, '{"/polls": "not a list"}');
      await utimes(preloads, new Date(), new Date(Date.now() + 10_000));
      expect((await load())?.pagePreloads).toEqual({});
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
