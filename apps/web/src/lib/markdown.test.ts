import { describe, expect, it } from 'vitest';
import { markdownExcerpt, renderMarkdown, MARKDOWN_LINK_REL } from './markdown';

/** The sanitised HTML as a live DOM fragment, to inspect what a browser would get. */
function rendered(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(source);
  return host;
}

/** Every attribute name in the fragment, to look for event handlers. */
function attributeNames(host: HTMLElement): string[] {
  return [...host.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => attribute.name.toLowerCase()),
  );
}

/** Every URL-carrying attribute value in the fragment. */
function urls(host: HTMLElement): string[] {
  return [
    ...host.querySelectorAll('[href], [src], [action], [formaction], [xlink\\:href]'),
  ].flatMap((element) =>
    ['href', 'src', 'action', 'formaction', 'xlink:href']
      .map((name) => element.getAttribute(name))
      .filter((value): value is string => value !== null),
  );
}

const XSS_CORPUS: Record<string, string> = {
  'script tag': '<script>window.__xss = 1</script>',
  'script in a paragraph': 'Hello <script>alert(1)</script> there',
  'img onerror': '<img src="x" onerror="alert(1)">',
  'img onerror without quotes': '<img src=x onerror=alert(1)//>',
  'javascript: link': '<a href="javascript:alert(1)">click</a>',
  'entity-encoded javascript: link': '<a href="jav&#x61;script:alert(1)">click</a>',
  'tab-split javascript: link': '<a href="jav\tascript:alert(1)">click</a>',
  'upper-case javascript: link': '<a href="JAVASCRIPT:alert(1)">click</a>',
  'Markdown javascript: link': '[x](javascript:alert(1))',
  'Markdown javascript: link with entity': '[x](jav&#x61;script:alert(1))',
  'Markdown javascript: image': '![x](javascript:alert(1))',
  'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
  'data: html link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'Markdown data: html link': '[x](data:text/html,<script>alert(1)</script>)',
  'svg onload': '<svg onload="alert(1)"><circle r="5"/></svg>',
  'svg script': '<svg><script>alert(1)</script></svg>',
  'svg animate href':
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
  'math mglyph': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  iframe: '<iframe src="javascript:alert(1)"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  'object data': '<object data="javascript:alert(1)"></object>',
  'embed src': '<embed src="javascript:alert(1)">',
  'form action': '<form action="javascript:alert(1)"><button>go</button></form>',
  'button formaction': '<button formaction="javascript:alert(1)">go</button>',
  'style tag': '<style>body { background: url("javascript:alert(1)") }</style>',
  'style expression': '<div style="width: expression(alert(1))">x</div>',
  'style url': '<p style="background:url(javascript:alert(1))">x</p>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'base href': '<base href="javascript:alert(1)//">',
  'details ontoggle': '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  'body onload': '<body onload="alert(1)">',
  'input autofocus onfocus': '<input autofocus onfocus="alert(1)">',
  'mixed-case handler': '<IMG SRC=x OnErRoR=alert(1)>',
  'unclosed tag handler': '<img src=x onerror="alert(1)"',
  'noscript mutation': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  template: '<template><img src=x onerror=alert(1)></template>',
  'a in code block': '```\n<script>alert(1)</script>\n```',
};

describe('renderMarkdown', () => {
  it('renders Markdown formatting', () => {
    const host = rendered('# Title\n\nSome **bold** and _italic_ text.\n\n- one\n- two');
    expect(host.querySelector('h1')?.textContent).toBe('Title');
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect(host.querySelector('em')?.textContent).toBe('italic');
    expect(host.querySelectorAll('li')).toHaveLength(2);
  });

  it.each(Object.entries(XSS_CORPUS))('neutralises %s', (_name, payload) => {
    const host = rendered(payload);
    expect(
      host.querySelectorAll('script, iframe, object, embed, form, style, svg, math'),
    ).toHaveLength(0);
    expect(host.querySelectorAll('meta, base, link, template, input, button')).toHaveLength(0);
    expect(attributeNames(host).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(attributeNames(host)).not.toContain('style');
    expect(attributeNames(host)).not.toContain('srcdoc');
    for (const url of urls(host)) {
      // Browsers ignore whitespace and control characters inside a URL's scheme.
      const scheme = [...url].filter((char) => char.charCodeAt(0) > 0x20).join('');
      expect(scheme.toLowerCase()).not.toMatch(/^(javascript|vbscript|data:text\/html)/);
    }
  });

  it('shows code as text rather than running it', () => {
    const host = rendered('```\n<script>alert(1)</script>\n```');
    expect(host.querySelector('pre code')?.textContent).toContain('<script>alert(1)</script>');
  });

  it('opens links in a new tab with rel="nofollow ugc noopener"', () => {
    const host = rendered(
      'See [the docs](https://example.com/docs) and <a href="/discussions">this</a>.',
    );
    const links = [...host.querySelectorAll('a')];
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe(MARKDOWN_LINK_REL);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/docs');
  });

  it('replaces a rel or target the author wrote', () => {
    const host = rendered('<a href="https://example.com" rel="opener" target="_self">x</a>');
    const link = host.querySelector('a');
    expect(link?.getAttribute('rel')).toBe(MARKDOWN_LINK_REL);
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('loads images lazily without a referrer', () => {
    const host = rendered('![A cat](https://example.com/cat.png)');
    const image = host.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://example.com/cat.png');
    expect(image?.getAttribute('alt')).toBe('A cat');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('drops ids and classes that could clash with the page', () => {
    const host = rendered('<p id="root" class="MuiButton-root">x</p>');
    expect(host.querySelector('p')?.attributes).toHaveLength(0);
  });
});

describe('markdownExcerpt', () => {
  it('keeps the words and drops the formatting', () => {
    expect(markdownExcerpt('# Hello\n\nSome **bold**, `code` and [a link](https://x.org).')).toBe(
      'Hello · Some bold, code and a link.',
    );
  });

  it('leaves out raw HTML and images', () => {
    expect(markdownExcerpt('<script>alert(1)</script>\n\nText ![pic](x.png) <b>here</b>')).toBe(
      'Text here',
    );
  });

  it('keeps words apart across line breaks and table cells, and text that only looks like markup', () => {
    expect(markdownExcerpt('line one\nline two: snake_case, 2 * 3')).toBe(
      'line one line two: snake_case, 2 * 3',
    );
    expect(markdownExcerpt('| Weight | 510 g |\n|---|---|\n| Cost | €0.60 |')).toBe(
      'Weight 510 g · Cost €0.60',
    );
  });

  it('reads quotes, lists, code and autolinks, and skips rules and HTML blocks', () => {
    expect(
      markdownExcerpt(
        '> *quoted*\n\n- [x] done\n1. first\n\n---\n\n```js\nconst a = 1;\n```\n\n<div>\nhidden\n</div>\n\nSee <https://x.org> \\*now\\*',
      ),
    ).toBe('quoted · done · first · const a = 1; See https://x.org *now*');
  });

  it('sets list items and headings apart unless they end their own sentence', () => {
    expect(
      markdownExcerpt(
        'What I would buy again:\n\n- Studded tyres (the single best purchase)\n- Lobster gloves\n- A buff, and\n  clear glasses.\n- Lights\n\n## Next year\nMore of the same!',
      ),
    ).toBe(
      'What I would buy again: Studded tyres (the single best purchase) · Lobster gloves · A buff, and clear glasses. Lights · Next year · More of the same!',
    );
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const excerpt = markdownExcerpt('word '.repeat(100), 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt.endsWith('word…')).toBe(true);
  });
});
