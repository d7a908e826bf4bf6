import type { UploadedFile } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows } from '../../../test/forums';
import { sampleFiles, upload, uploadFile } from '../../../test/media';
import { fetchServed, references, storedBytesOf, storedKeys } from '../../../test/storage';
import { mediaRoutes } from './media.routes';

const NAME = 'talk.wav 2026-03-01 10:00:00';
/** A second copy of the routes with a tiny limit, so the size check costs kilobytes, not 100 MB. */
const SMALL = '/small';
const SMALL_LIMIT = 6 * 1024;

let t: TestApp;
let ada: Member;
let bob: Member;
beforeAll(async () => {
  t = await createAccountsTestApp({
    setup: (app) => app.register(mediaRoutes, { prefix: SMALL, maxFileBytes: SMALL_LIMIT }),
  });
  ada = await signUp(t, 'ada');
  bob = await signUp(t, 'bob');
});
afterAll(() => t.close());

/** Every stored upload's key, on disk or in the bucket. */
const storedFiles = () => storedKeys(t, 'files/');

const fileRow = async (id: number) =>
  (
    await t.db.execute<{ owner_id: number; name: string; mime_type: string; size_bytes: number }>(
      sql`select owner_id::int, name, mime_type, size_bytes::int from files where id = ${id}`,
    )
  ).rows[0];

describe('POST /api/common/files/', () => {
  let before: { rows: number; stored: string[] };
  beforeEach(async () => {
    before = { rows: await countRows(t, 'files'), stored: await storedFiles() };
  });
  const expectNothingWritten = async () => {
    expect(await countRows(t, 'files')).toBe(before.rows);
    expect(await storedFiles()).toEqual(before.stored);
    expect(await storedKeys(t, 'staging/')).toEqual([]);
  };

  it('stores an audio file, records it and serves it at its URL', async () => {
    const wav = sampleFiles.wav();
    const response = await upload(t, ada, { file: wav, filename: 'talk.wav', name: NAME });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<UploadedFile>();
    expect(body).toEqual({
      id: expect.any(Number),
      name: NAME,
      url: expect.stringMatching(
        new RegExp(`^${t.config.publicUrl}/media/files/[0-9a-f]{2}/[0-9a-f]{64}\\.wav$`),
      ),
      mimeType: 'audio/wav',
      sizeBytes: wav.length,
      createdAt: expect.any(String),
      image: null,
    });
    expect(await fileRow(body.id)).toEqual({
      owner_id: ada.user.id,
      name: NAME,
      mime_type: 'audio/wav',
      size_bytes: wav.length,
    });
    const served = await fetchServed(t, body.url);
    expect(served.status).toBe(200);
    expect(served.body.equals(wav)).toBe(true);
  });

  it('goes by the bytes, not by the file name or the declared type', async () => {
    const response = await upload(t, ada, {
      file: sampleFiles.webm(),
      filename: 'holiday.png',
      declaredType: 'image/png',
      name: 'holiday.png 2026-03-01 10:00:00',
      nameLast: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<UploadedFile>()).toMatchObject({ mimeType: 'audio/webm' });
    expect(response.json<UploadedFile>().url).toMatch(/\.webm$/);

    const png = await upload(t, ada, {
      file: sampleFiles.png(),
      filename: 'song.mp3',
      declaredType: 'audio/mpeg',
      name: NAME,
    });
    expect(png.statusCode).toBe(400);
    expect(png.json()).toEqual({ file: ['This image could not be read; upload another one.'] });
    expect(await countRows(t, 'files')).toBe(before.rows + 1);
  });

  it.each([
    ['Ogg', sampleFiles.ogg(), 'audio/ogg'],
    ['MP3', sampleFiles.mp3(), 'audio/mpeg'],
    ['M4A', sampleFiles.mp4(), 'audio/mp4'],
    ['PDF', sampleFiles.pdf(), 'application/pdf'],
    ['plain text', sampleFiles.text(), 'text/plain'],
  ])('accepts %s', async (_kind, file, mimeType) => {
    const response = await upload(t, bob, { file, name: 'notes 2026-03-01 10:00:00' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<UploadedFile>();
    expect(body).toMatchObject({ mimeType, sizeBytes: file.length });
    expect(await fileRow(body.id)).toMatchObject({ owner_id: bob.user.id, mime_type: mimeType });
  });

  it('serves a PDF as an attachment under its name, never sniffed', async () => {
    const pdf = Buffer.concat([sampleFiles.pdf(), Buffer.from('% report\n')]);
    const name = 'Rapport café.pdf 2026-03-01 10:00:00';
    const response = await upload(t, ada, { file: pdf, filename: 'Rapport café.pdf', name });
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<UploadedFile>();
    expect(url).toMatch(/\.pdf\?download=Rapport%20caf%C3%A9\.pdf%202026-03-01%2010%3A00%3A00$/);
    const served = await fetchServed(t, url);
    expect(served.status).toBe(200);
    expect(served.body.equals(pdf)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      'attachment; filename="Rapport caf_.pdf 2026-03-01 10:00:00.pdf"; ' +
        "filename*=UTF-8''Rapport%20caf%C3%A9.pdf%202026-03-01%2010%3A00%3A00.pdf",
    );
    // The bucket answers S3's own headers; the app adds nosniff to what it serves itself.
    if (t.app.storage.kind === 'disk') {
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    // A link asking for another name cannot change what the file is saved as.
    const spoofed = await fetchServed(t, url.replace(/\?download=.*$/, '?download=setup.exe'));
    expect(spoofed.headers['content-disposition']).toMatch(
      /^attachment; filename="setup\.exe\.pdf"/,
    );
  });

  it('refuses a type it does not accept, and stores nothing', async () => {
    for (const file of [sampleFiles.png(), sampleFiles.ogg('\x80theora'), Buffer.alloc(5000)]) {
      const response = await upload(t, ada, { file, name: NAME });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['file']);
    }
    await expectNothingWritten();
  });

  it('asks for the file, a non-empty file and a name, and stores nothing', async () => {
    const cases = [
      [{ name: NAME }, { file: ['Choose a file to upload.'] }],
      [
        { file: Buffer.alloc(0), name: NAME },
        { file: ['This file is empty; choose another one.'] },
      ],
      [{ file: sampleFiles.wav() }, { name: ['Give the file a name.'] }],
      [{ file: sampleFiles.wav(), name: '   ' }, { name: ['Give the file a name.'] }],
      [
        { file: sampleFiles.wav(), name: 'x'.repeat(256) },
        { name: ['Use a name of at most 255 characters.'] },
      ],
    ] as const;
    for (const [form, errors] of cases) {
      const response = await upload(t, ada, form);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const json = await as(t, ada).post('/api/common/files/', { name: NAME });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: ['Choose a file to upload.'] });
    await expectNothingWritten();
  });

  it('takes one file, in the file field', async () => {
    const wav = sampleFiles.wav();
    for (const field of ['file', 'avatar']) {
      const response = await upload(t, ada, {
        file: wav,
        name: NAME,
        extraFile: { field, bytes: wav },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: ['Send one file, in the file field.'] });
    }
    await expectNothingWritten();
  });

  it('stops reading a file over the size limit and keeps nothing of it', async () => {
    const url = `${SMALL}/files/`;
    // Over the limit within the first bytes the type is read from, and well after them.
    for (const samples of [4000, 20_000]) {
      const response = await upload(t, ada, { file: sampleFiles.wav(samples), name: NAME }, url);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Choose a file of at most 6 KB.' });
    }
    await expectNothingWritten();
    const fits = await upload(t, ada, { file: sampleFiles.wav(3000), name: NAME }, url);
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json<UploadedFile>().sizeBytes).toBe(6044);
  });

  it('needs a signed-in member', async () => {
    const response = await upload(t, null, { file: sampleFiles.wav(), name: NAME });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    await expectNothingWritten();
  });
});

describe('one object for the same bytes', () => {
  it('stores a second upload of the same bytes once, and deletes them with the last file', async () => {
    const wav = sampleFiles.wav(900);
    const first = await uploadFile(t, ada, wav);
    const again = await uploadFile(t, ada, wav);
    const bobs = await uploadFile(t, bob, wav);
    expect(new Set([first.url, again.url, bobs.url]).size).toBe(1);
    expect(new Set([first.id, again.id, bobs.id]).size).toBe(3);
    expect((await storedFiles()).filter((key) => first.url.endsWith(key))).toHaveLength(1);
    expect(await references(t, first.url)).toBe(3);

    for (const [owner, file, left] of [
      [ada, first, 2],
      [bob, bobs, 1],
    ] as const) {
      expect((await as(t, owner).delete(`/api/common/files/${file.id}/`)).statusCode).toBe(204);
      expect(await references(t, first.url)).toBe(left);
      expect((await storedBytesOf(t, again.url))?.equals(wav)).toBe(true);
    }
    expect((await as(t, ada).delete(`/api/common/files/${again.id}/`)).statusCode).toBe(204);
    expect(await references(t, first.url)).toBeUndefined();
    expect(await storedBytesOf(t, first.url)).toBeNull();
    expect(await storedKeys(t, 'staging/')).toEqual([]);
  });
});

describe('DELETE /api/common/files/{id}/', () => {
  it('lets the owner delete the file and its bytes', async () => {
    // Bytes no other test uploads: the same bytes would be one object, kept while they hold it.
    const file = await uploadFile(t, ada, sampleFiles.wav(901));
    const response = await as(t, ada).delete(`/api/common/files/${file.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await fileRow(file.id)).toBeUndefined();
    expect(await storedBytesOf(t, file.url)).toBeNull();
    expect((await fetchServed(t, file.url)).status).toBe(404);
    expect((await as(t, ada).delete(`/api/common/files/${file.id}/`)).statusCode).toBe(404);
  });

  it("answers 404 for another member's file and leaves it alone", async () => {
    const file = await uploadFile(t, ada, sampleFiles.mp3());
    const response = await as(t, bob).delete(`/api/common/files/${file.id}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'This file does not exist or is not yours.' });
    expect(await fileRow(file.id)).toMatchObject({ owner_id: ada.user.id });
    expect((await storedBytesOf(t, file.url))?.equals(sampleFiles.mp3())).toBe(true);
  });

  it('needs a signed-in member and a numeric id', async () => {
    const file = await uploadFile(t, ada, sampleFiles.mp3());
    const signedOut = await as(t, null).delete(`/api/common/files/${file.id}/`);
    expect(signedOut.statusCode).toBe(401);
    expect(await fileRow(file.id)).toBeDefined();
    const bad = await as(t, ada).delete('/api/common/files/abc/');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['id']);
    expect((await as(t, ada).delete('/api/common/files/999999/')).statusCode).toBe(404);
  });
});
