import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { postDiscussion } from '../../../test/forums';
import { postAlbum } from '../../../test/albums';
import { postPoll } from '../../../test/polls';
import { postQuiz } from '../../../test/quizzes';
import { makeWebDist, type WebDist } from '../../../test/web-dist';
import { WEB_PAGES } from '../../web-pages';
import { newestPublished } from './sitemap';

const PUBLIC_URL = 'https://agora.example.org';
const WEB_PUBLIC = join(import.meta.dirname, '../../../../web/public');

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let dist: WebDist;
  let ada: Member;

  beforeAll(async () => {
    dist = await makeWebDist();
    t = await createTestApp({ config: { webDist: dist.dir, publicUrl: PUBLIC_URL } });
    ada = await signUp(t, 'ada');
  });
  afterAll(async () => {
    await t.close();
    await dist.remove();
  });

  it('tells crawlers what to leave out and where the sitemap is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /setting');
    expect(lines).toContain('Disallow: /files');
    expect(lines).toContain('Disallow: /chat');
    expect(lines).toContain('Disallow: /*/edit');
    // The app needs the API to show a page, crawlers included.
    expect(lines.filter((line) => line.includes('/api'))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists the public pages and every published discussion, poll, quiz and album with lastmod', async () => {
    const discussion = await postDiscussion(t, ada);
    const poll = await postPoll(t, ada);
    const quiz = await postQuiz(t, ada);
    const album = await postAlbum(t, ada);
    const hiddenAlbum = await postAlbum(t, ada, 'Hidden');
    await t.db.execute(sql`update albums set hidden_at = now() where id = ${hiddenAlbum.id}`);
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const hidden = await postDiscussion(t, ada);
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    const [changed] = await t.db
      .execute<{ at: string }>(
        sql`update discussions set updated_at = '2026-01-02T03:04:05.678Z' where id = ${discussion.id} returning updated_at as at`,
      )
      .then((result) => result.rows);
    expect(changed).toBeDefined();

    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const xml = response.body;
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs.slice(0, 9)).toEqual(
      [
        '/',
        '/discussions',
        '/polls',
        '/quizzes',
        '/albums',
        '/aboutus',
        '/faq',
        '/userguide',
        '/contactus',
      ].map((path) => `${PUBLIC_URL}${path}`),
    );
    // Newest first.
    expect(locs.slice(9)).toEqual([
      `${PUBLIC_URL}/albums/${album.id}`,
      `${PUBLIC_URL}/quizzes/${quiz.id}`,
      `${PUBLIC_URL}/polls/${poll.id}`,
      `${PUBLIC_URL}/discussions/${discussion.id}`,
    ]);
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/discussions/${discussion.id}</loc><lastmod>2026-01-02T03:04:05.678Z</lastmod></url>`,
    );
    expect(xml).toMatch(new RegExp(`/polls/${poll.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(xml).not.toContain(`/discussions/${draft.id}<`);
    expect(xml).not.toContain(`/discussions/${hidden.id}<`);
    expect(xml).not.toContain(`/albums/${hiddenAlbum.id}<`);
  });

  it('keeps the newest objects of every kind when there are more than the limit', async () => {
    const older = await postDiscussion(t, ada);
    const poll = await postPoll(t, ada);
    const newest = await postDiscussion(t, ada);
    const objects = await newestPublished(t.db, WEB_PAGES.sitemap, 2);
    expect(objects.map(({ model, id }) => ({ model, id }))).toEqual([
      { model: 'forum', id: newest.id },
      { model: 'poll', id: poll.id },
    ]);
    expect(objects.some(({ id, model }) => model === 'forum' && id === older.id)).toBe(false);
    expect(objects[0]?.updatedAt).toBeInstanceOf(Date);
  });
});

describe('the web app manifest', () => {
  it('names the app and offers PNG icons of 192 and 512 pixels that exist', async () => {
    const manifest = JSON.parse(await readFile(join(WEB_PUBLIC, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'Agora',
      short_name: 'Agora',
      start_url: '/',
      display: 'standalone',
      theme_color: '#5348C6',
    });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find(
        (entry: { sizes: string }) => entry.sizes === `${size}x${size}`,
      );
      expect(icon).toMatchObject({ type: 'image/png', src: `/icon-${size}.png` });
      const file = join(WEB_PUBLIC, icon.src);
      const { width, height, format } = await sharp(file).metadata();
      expect({ width, height, format }).toEqual({ width: size, height: size, format: 'png' });
      expect((await readFile(file)).length).toBeLessThan(10_000);
    }
  });

  it('is linked from index.html', async () => {
    const html = await readFile(join(WEB_PUBLIC, '../index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});
