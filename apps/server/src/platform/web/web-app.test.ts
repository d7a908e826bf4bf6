import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_MESSAGES } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';

const INDEX_HTML = '<!doctype html><title>Agora</title><div id="root"></div>';
const BUNDLE = 'console.log("agora")';

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'agora-web-dist-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(join(webDist, 'assets', 'index-4f2a9c.js'), BUNDLE);
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets with a cache lifetime of a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(BUNDLE);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of the build, revalidated on each use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/index.html', '/discussions/42', '/login/', '/user-info/alice?tab=posts'])(
    'answers the page path %s with index.html, never cached',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    '/api/unknown',
    '/auth/unknown/',
    '/ws/unknown',
    '/media/missing.png',
    '/assets/old-1234.js',
  ])('answers %s with the JSON 404, not the page', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: API_MESSAGES.notFound });
  });

  it('does not serve files outside the build folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.body).not.toContain('root:');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('answers HEAD for a page like GET, without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/discussions' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
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
