import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_MESSAGES } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { getAccepting } from '../../../test/http';
import { makeWebDist, SITE_DESCRIPTION, type WebDist } from '../../../test/web-dist';

const BUNDLE = 'console.log("agora");\n'.repeat(100);
/** What the web build writes beside index.html: each page's own scripts by route pattern. */
const PAGE_PRELOADS = {
  '/discussions': ['assets/discussions-page-1a2b3c.js', 'assets/Card-4d5e6f.js'],
  '/discussions/:id': ['assets/discussion-page-7a8b9c.js'],
};
const MANIFEST = join(import.meta.dirname, '../../../../web/public/manifest.webmanifest');

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: WebDist;

  beforeAll(async () => {
    dist = await makeWebDist({
      'assets/index-4f2a9c.js': BUNDLE,
      'assets/index-4f2a9c.js.br': brotliCompressSync(BUNDLE),
      'assets/index-4f2a9c.js.gz': gzipSync(BUNDLE),
      'assets/tiny-77aa01.css': 'a{color:red}',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'manifest.webmanifest': await readFile(MANIFEST),
      'page-preloads.json': JSON.stringify(PAGE_PRELOADS),
    });
    t = await createTestApp({ config: { webDist: dist.dir } });
  });
  afterAll(async () => {
    await t.close();
    await dist.remove();
  });

  const get = (url: string, acceptEncoding?: string) => getAccepting(t, url, acceptEncoding);

  it('serves a hashed asset in its Brotli copy to a client that takes it, cached for a year', async () => {
    const response = await get('/assets/index-4f2a9c.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('serves the gzip copy to a client that takes only gzip', async () => {
    const response = await get('/assets/index-4f2a9c.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('serves the file itself to a client that takes no compression', async () => {
    const response = await get('/assets/index-4f2a9c.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe(BUNDLE);
  });

  it('serves an asset the build left without copies, cached for a year', async () => {
    const response = await get('/assets/tiny-77aa01.css');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('a{color:red}');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of the build, revalidated on each use', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest with its type', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.json()).toMatchObject({ name: 'Agora', start_url: '/' });
  });

  it.each(['/', '/discussions', '/login/', '/reset-password/MQ/abc', '/user-guide-typo'])(
    'answers a page path with the app, never cached (%s)',
    async (url) => {
      const response = await get(url);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/');
    },
  );

  it('gives a page the site title, description and Open Graph tags', async () => {
    const response = await get('/discussions/?sort=new');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Agora</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${SITE_DESCRIPTION}" />`);
    expect(html).toContain('<meta property="og:site_name" content="Agora" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(
      `<meta property="og:url" content="${t.config.publicUrl}/discussions" />`,
    );
    expect(html).not.toContain('noindex');
    // PUBLIC_URL names one host; a canonical link would send a page read under another away.
    expect(html).not.toContain('rel="canonical"');
  });

  it("names the page's own scripts for the browser to fetch beside the entry's", async () => {
    const response = await get('/Discussions/');
    expect(response.statusCode).toBe(200);
    const preloads = [...response.body.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(
      ([tag]) => tag,
    );
    expect(preloads).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/discussions-page-1a2b3c.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/Card-4d5e6f.js" />',
    ]);
    expect(response.body.indexOf('modulepreload')).toBeLessThan(response.body.indexOf('</head>'));
  });

  it.each(['/', '/no/such/page', '/discussions/999999'])(
    'names no page scripts where the build lists none or the page is missing (%s)',
    async (url) => {
      const response = await get(url);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('modulepreload');
    },
  );

  it.each(['/no/such/page', '/discussions/7/comments', '/user-info', '/..%2f..%2fetc%2fpasswd'])(
    'answers a path that is no page of the app with the app and 404 (%s)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<title>Page not found · Agora</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain('root:');
    },
  );

  it('compresses the page for a client that takes it', async () => {
    const response = await get('/no/such/page', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Page not found');
  });

  it.each([
    '/api/unknown',
    '/auth/unknown/',
    '/ws/unknown',
    '/media/missing.png',
    '/assets/old-1234.js',
  ])('answers %s with the JSON 404, not the page', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: API_MESSAGES.notFound });
  });

  it('answers HEAD for a page like GET, without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/discussions' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const missing = await t.app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers other methods on page paths with the JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/discussions', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: API_MESSAGES.notFound });
  });
});

describe('before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDist: join(tmpdir(), 'agora-no-such-dist') } });
  });
  afterAll(() => t.close());

  it('answers page paths with a plain 503 saying how to build it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/discussions' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
  });

  it('keeps answering the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
