import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { AppError } from '../errors';

describe('local storage', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://agora.example.org' } });
    mediaDir = join(t.config.dataDir, 'media');
  });
  afterAll(() => t.close());

  it('stores a buffer under DATA_DIR/media and reads it back', async () => {
    await t.app.storage.put('albums/7/photo.txt', Buffer.from('buffer content'), 'text/plain');
    expect(await readFile(join(mediaDir, 'albums/7/photo.txt'), 'utf8')).toBe('buffer content');
    const stream = await t.app.storage.get('albums/7/photo.txt');
    expect(stream && (await text(stream))).toBe('buffer content');
  });

  it('stores a stream and leaves no partial file behind', async () => {
    await t.app.storage.put('files/report.txt', Readable.from(['part one, ', 'part two']));
    expect(await readFile(join(mediaDir, 'files/report.txt'), 'utf8')).toBe('part one, part two');
    expect(await readdir(join(mediaDir, 'files'))).toEqual(['report.txt']);
  });

  it('removes the partial file when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('upload aborted'));
      },
    });
    await expect(t.app.storage.put('files/broken.txt', failing)).rejects.toThrow('upload aborted');
    expect(await readdir(join(mediaDir, 'files'))).toEqual(['report.txt']);
  });

  it('answers null for a missing file and deletes idempotently', async () => {
    expect(await t.app.storage.get('files/none.txt')).toBeNull();
    await t.app.storage.put('files/gone.txt', Buffer.from('x'));
    await t.app.storage.delete('files/gone.txt');
    await t.app.storage.delete('files/gone.txt');
    await expect(stat(join(mediaDir, 'files/gone.txt'))).rejects.toThrow('ENOENT');
    expect(await t.app.storage.get('files/gone.txt')).toBeNull();
  });

  it('gives each file a public URL under /media/ that serves it', async () => {
    await t.app.storage.put('avatars/alice-1.txt', Buffer.from('avatar'));
    const url = t.app.storage.url('avatars/alice-1.txt');
    expect(url).toBe('https://agora.example.org/media/avatars/alice-1.txt');

    const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('avatar');
    expect(response.headers['content-type']).toContain('text/plain');
  });

  it('serves uploads so they cannot run as the site: documents download, all are sandboxed', async () => {
    await t.app.storage.put('files/report.pdf', Buffer.from('%PDF-1.4 /JavaScript'));
    await t.app.storage.put('avatars/bob.webp', Buffer.from('RIFF0000WEBP'));
    await t.app.storage.put('audio/voice.ogg', Buffer.from('OggS'));
    const get = (key: string) =>
      t.app.inject({ method: 'GET', url: new URL(t.app.storage.url(key)).pathname });

    const pdf = await get('files/report.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment');
    for (const response of [pdf, await get('avatars/bob.webp'), await get('audio/voice.ogg')]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    expect((await get('avatars/bob.webp')).headers['content-disposition']).toBeUndefined();
    expect((await get('audio/voice.ogg')).headers['content-disposition']).toBeUndefined();
  });

  it.each([
    '../secret',
    'a/../../secret',
    '/etc/passwd',
    'a//b',
    '.hidden',
    'a\\b',
    'a/./b',
    'a b',
    '',
  ])('refuses the key %j', async (key) => {
    expect(() => t.app.storage.url(key)).toThrow(AppError);
    const attempt = t.app.storage.put(key, Buffer.from('x'));
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'validation', status: 400 });
    await expect(t.app.storage.get(key)).rejects.toBeInstanceOf(AppError);
    await expect(t.app.storage.delete(key)).rejects.toBeInstanceOf(AppError);
  });

  it('does not serve dot files such as partial uploads', async () => {
    await writeFile(join(mediaDir, 'files', '.abc.partial'), 'half');
    const response = await t.app.inject({ method: 'GET', url: '/media/files/.abc.partial' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
