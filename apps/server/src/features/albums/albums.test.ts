import type { AddedAlbumImages, Album, AlbumImage, AlbumPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  albumImagesOf,
  postAlbum,
  sendForm,
  solidPicture,
  type FormFile,
} from '../../../test/albums';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows } from '../../../test/forums';
import { sampleFiles } from '../../../test/media';
import { fetchServed, references, storedKeys } from '../../../test/storage';
import { albumsRoutes } from './albums.routes';

/** A copy of the routes with a quota of a few kilobytes, so filling it costs little. */
const QUOTA = '/quota';
const QUOTA_BYTES = 6 * 1024;
const SPEC_NAME = /^IMG_0001\.png \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

let t: TestApp & { clock: TestClock };
let ada: Member;
let bob: Member;
beforeAll(async () => {
  t = await createAccountsTestApp({
    setup: (app) => app.register(albumsRoutes, { prefix: QUOTA, quotaBytes: QUOTA_BYTES }),
  });
  ada = await signUp(t, 'ada');
  bob = await signUp(t, 'bob');
});
afterAll(() => t.close());

const everyStoredKey = async () =>
  [
    ...(await storedKeys(t, 'files/')),
    ...(await storedKeys(t, 'thumbnails/')),
    ...(await storedKeys(t, 'staging/')),
  ].sort();

/** Rows and objects, to check a refused request wrote nothing. */
async function snapshot() {
  return {
    albums: await countRows(t, 'albums'),
    images: await countRows(t, 'album_images'),
    files: await countRows(t, 'files'),
    objects: await countRows(t, 'stored_objects'),
    stored: await everyStoredKey(),
  };
}

const albumRow = async (id: number) =>
  (
    await t.db.execute<{ name: string; images_count: number; cover_image_id: number | null }>(
      sql`select name, images_count, cover_image_id::int from albums where id = ${id}`,
    )
  ).rows[0];

const getAlbum = async (id: number, member: Member | null = ada) => {
  const response = await as(t, member).get(`/api/common/albums/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Album>();
};

const addImages = (
  member: Member | null,
  album: number | string,
  filesToSend: FormFile[],
  extra: Record<string, string> = {},
  prefix = '/api/common',
) =>
  sendForm(
    t,
    member,
    'POST',
    `${prefix}/album-images/`,
    { album: String(album), ...extra },
    filesToSend,
  );

const served = async (url: string) => {
  const response = await fetchServed(t, url);
  expect(response.status).toBe(200);
  return response.body;
};

/** What a phone writes: the camera and where the photo was taken. */
const GPS_EXIF = {
  IFD0: { Make: 'AgoraPhone' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2400/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 700/100',
  },
};

describe('POST /api/common/albums/', () => {
  it('starts an album with its pictures, in order, the first as cover, named as SPEC says', async () => {
    const pictures = [await solidPicture(40, 30, 1), await solidPicture(30, 40, 2)];
    const album = await postAlbum(t, ada, 'Summer in Lyon', pictures);
    expect(album).toMatchObject({
      name: 'Summer in Lyon',
      author: { id: ada.user.id, username: 'ada' },
      imagesCount: 2,
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      isBookmarked: false,
      isHidden: false,
      canEdit: true,
    });
    const [first, second] = album.images;
    expect(album.images).toHaveLength(2);
    expect(first).toMatchObject({
      albumId: album.id,
      width: 40,
      height: 30,
      mimeType: 'image/png',
    });
    expect(second).toMatchObject({
      width: 30,
      height: 40,
      name: expect.stringMatching(/^IMG_0002/),
    });
    expect(first?.name).toMatch(SPEC_NAME);
    expect(album.thumbnail).toBe(first?.id);
    expect(album.cover).toEqual(first);
    expect(first?.thumbnails.small).toMatchObject({ width: 40, height: 30 });
    expect(await sharp(await served(first?.thumbnails.small.url ?? '')).metadata()).toMatchObject({
      format: 'webp',
    });
    expect(await albumRow(album.id)).toEqual({
      name: 'Summer in Lyon',
      images_count: 2,
      cover_image_id: first?.id,
    });
    // Its pictures are the album's, not among the member's own files.
    const own = await as(t, ada).get('/api/common/files/');
    expect(own.json<{ results: { id: number }[] }>().results).toEqual([]);
  });

  it('stores a photo without its GPS position', async () => {
    const jpeg = await sharp(await solidPicture(48, 32, 3))
      .jpeg()
      .withExif(GPS_EXIF)
      .toBuffer();
    expect(jpeg.includes('AgoraPhone')).toBe(true);
    const album = await postAlbum(t, ada, 'Where was I', [jpeg]);
    const bytes = await served(album.images[0]?.url ?? '');
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    for (const text of ['AgoraPhone', 'GPS', 'Exif'])
      expect(bytes.includes(text), text).toBe(false);
  });

  it('starts an empty album from JSON', async () => {
    const response = await as(t, ada).post('/api/common/albums/', { name: 'Later' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Album>()).toMatchObject({
      name: 'Later',
      imagesCount: 0,
      thumbnail: null,
      cover: null,
      images: [],
    });
  });

  describe('refusals, with nothing written', () => {
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeEach(async () => {
      before = await snapshot();
    });
    const expectNothingWritten = async () => expect(await snapshot()).toEqual(before);
    const post = (fields: Record<string, string>, filesToSend: FormFile[], member = ada) =>
      sendForm(t, member, 'POST', '/api/common/albums/', fields, filesToSend);

    it('asks for a name', async () => {
      const pictures = albumImagesOf([await solidPicture(20, 20, 4)]);
      for (const fields of [{}, { name: '   ' }, { name: 'x'.repeat(101) }] as Record<
        string,
        string
      >[]) {
        const response = await post(fields, pictures);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json())).toEqual(['name']);
      }
      const json = await as(t, ada).post('/api/common/albums/', { name: 42 });
      expect(json.statusCode).toBe(400);
      expect(Object.keys(json.json())).toEqual(['name']);
      await expectNothingWritten();
    });

    it('takes pictures only, one bad file refusing the whole form', async () => {
      const good = { field: 'album_images', bytes: await solidPicture(20, 20, 5) };
      for (const bytes of [sampleFiles.pdf(), sampleFiles.wav()]) {
        const response = await post({ name: 'Mixed' }, [good, { field: 'album_images', bytes }]);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          album_images: [
            'Albums hold pictures: upload a JPEG, PNG, WebP, GIF, HEIC or AVIF image.',
          ],
        });
      }
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const response = await post({ name: 'Vector' }, [
        { field: 'album_images', bytes: svg, filename: 'cat.svg', type: 'image/svg+xml' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ album_images: string[] }>().album_images[0]).toMatch(
        /^SVG and HTML files can run scripts/,
      );
      const elsewhere = await post({ name: 'Wrong field' }, [{ ...good, field: 'file' }]);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toEqual({ file: ['Send the pictures in the album_images field.'] });
      await expectNothingWritten();
    });

    it('takes at most 20 pictures at once', async () => {
      const picture = await solidPicture(8, 8, 6);
      const response = await post({ name: 'Many' }, albumImagesOf(Array(21).fill(picture)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ album_images: ['Send at most 20 pictures at once.'] });
      await expectNothingWritten();
    });

    it('needs a signed-in member', async () => {
      const response = await sendForm(t, null, 'POST', '/api/common/albums/', { name: 'No' }, []);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
      await expectNothingWritten();
    });
  });
});

describe('POST /api/common/album-images/', () => {
  let album: Album;
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    album = await postAlbum(t, ada, 'Growing', [await solidPicture(20, 20, 10)]);
  });
  beforeEach(async () => {
    before = await snapshot();
  });
  const expectNothingWritten = async () => expect(await snapshot()).toEqual(before);

  it('adds one picture with the name the web sends, keeping the cover', async () => {
    const name = 'beach.png 2026-07-01 09:30:00';
    const response = await addImages(
      ada,
      album.id,
      albumImagesOf([await solidPicture(20, 20, 11)]),
      { name },
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<AddedAlbumImages>();
    expect(body.images).toEqual([expect.objectContaining({ name, albumId: album.id })]);
    expect(body.album).toMatchObject({ id: album.id, imagesCount: 2, thumbnail: album.thumbnail });
    expect((await getAlbum(album.id)).images.map((image) => image.id)).toEqual([
      album.images[0]?.id,
      body.images[0]?.id,
    ]);
  });

  it('turns an iPhone HEIC photo into a JPEG with WebP thumbnails', async () => {
    const { readFile } = await import('node:fs/promises');
    const heic = await readFile(new URL('../../../test/fixtures/photo.heic', import.meta.url));
    const response = await addImages(ada, album.id, [
      { field: 'album_images', bytes: heic, filename: 'IMG_0042.HEIC' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [image] = response.json<AddedAlbumImages>().images;
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 96, height: 64 });
    const small = await sharp(await served(image?.thumbnails.small.url ?? '')).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 96, height: 64 });
  });

  it('names the album and the pictures at fault', async () => {
    const picture = albumImagesOf([await solidPicture(20, 20, 12)]);
    for (const value of ['', 'abc', '-1']) {
      const response = await addImages(ada, value, picture);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ album: ['Say which album the pictures go in.'] });
    }
    const none = await addImages(ada, album.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ album_images: ['Choose one or more pictures to upload.'] });
    const pdf = await addImages(ada, album.id, [
      { field: 'album_images', bytes: sampleFiles.pdf() },
    ]);
    expect(pdf.statusCode).toBe(400);
    expect(Object.keys(pdf.json())).toEqual(['album_images']);
    const badName = await addImages(ada, album.id, picture, { name: 'x'.repeat(300) });
    expect(badName.statusCode).toBe(400);
    expect(Object.keys(badName.json())).toEqual(['name']);
    await expectNothingWritten();
  });

  it("refuses another member's album, an unknown one, and a visitor", async () => {
    const picture = albumImagesOf([await solidPicture(20, 20, 13)]);
    const others = await addImages(bob, album.id, picture);
    expect(others.statusCode).toBe(403);
    expect(others.json()).toEqual({ detail: 'Only its author can change or delete this album.' });
    const unknown = await addImages(ada, 999_999, picture);
    expect(unknown.statusCode).toBe(404);
    expect((await addImages(null, album.id, picture)).statusCode).toBe(401);
    await expectNothingWritten();
  });

  it('answers 413 to a picture over the quota, keeping nothing', async () => {
    const small = await postAlbum(t, bob, 'Tight');
    const big = await sharp({
      create: {
        width: 120,
        height: 120,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(QUOTA_BYTES);
    before = await snapshot();
    const response = await addImages(bob, small.id, albumImagesOf([big]), {}, QUOTA);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ detail: string }>().detail).toMatch(
      /^This file does not fit in your storage quota of 6 KB: .* left\. Delete some files to make room\.$/,
    );
    await expectNothingWritten();
  });

  it('answers 413 to 100 MB and 1 byte, keeping nothing', async () => {
    const png = await solidPicture(4, 4, 14);
    const huge = Buffer.alloc(100 * 1024 * 1024 + 1);
    png.copy(huge);
    const response = await addImages(ada, album.id, albumImagesOf([huge]));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Choose a file of at most 100 MB.' });
    await expectNothingWritten();
  });
});

describe('PATCH /api/common/albums/{id}/', () => {
  let album: Album;
  beforeAll(async () => {
    album = await postAlbum(t, ada, 'Before', [
      await solidPicture(20, 20, 20),
      await solidPicture(20, 20, 21),
    ]);
  });
  const patch = (member: Member | null, body: Record<string, unknown>, id = album.id) =>
    as(t, member).patch(`/api/common/albums/${id}/`, body);

  it('renames the album and chooses its cover', async () => {
    const second = album.images[1];
    const response = await patch(ada, { name: 'After', thumbnail: second?.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Album>()).toMatchObject({ name: 'After', thumbnail: second?.id });
    expect(await albumRow(album.id)).toMatchObject({ name: 'After', cover_image_id: second?.id });
  });

  it('refuses a cover from another album, and bad fields, changing nothing', async () => {
    const other = await postAlbum(t, ada, 'Other', [await solidPicture(20, 20, 22)]);
    const before = await albumRow(album.id);
    const foreign = await patch(ada, { thumbnail: other.images[0]?.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      thumbnail: ['Choose one of this album’s pictures as its thumbnail.'],
    });
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ thumbnail: 'first' }, 'thumbnail'],
      [{}, 'nonFieldErrors'],
    ] as const) {
      const response = await patch(ada, body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    }
    expect((await as(t, ada).patch('/api/common/albums/abc/', { name: 'x' })).statusCode).toBe(400);
    expect(await albumRow(album.id)).toEqual(before);
  });

  it("leaves another member's album alone", async () => {
    const before = await albumRow(album.id);
    const response = await patch(bob, { name: 'Mine now' });
    expect(response.statusCode).toBe(403);
    expect((await patch(null, { name: 'Mine now' })).statusCode).toBe(401);
    expect((await patch(ada, { name: 'x' }, 999_999)).statusCode).toBe(404);
    expect(await albumRow(album.id)).toEqual(before);
  });
});

describe('PATCH and DELETE /api/common/album-images/{id}/', () => {
  it('renames a picture, or replaces it in place, the old bytes going', async () => {
    const album = await postAlbum(t, ada, 'Edits', [await solidPicture(20, 20, 30)]);
    const image = album.images[0] as AlbumImage;
    const renamed = await as(t, ada).patch(`/api/common/album-images/${image.id}/`, {
      imageUrl: 'ignored',
      name: 'sunset.png 2026-07-01 21:00:00',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<AlbumImage>()).toMatchObject({
      id: image.id,
      name: 'sunset.png 2026-07-01 21:00:00',
      url: image.url,
    });

    const replacing = await sendForm(t, ada, 'PATCH', `/api/common/album-images/${image.id}/`, {}, [
      { field: 'imageUrl', bytes: await solidPicture(30, 10, 31), filename: 'IMG_0001.png' },
    ]);
    expect(replacing.statusCode, replacing.body).toBe(200);
    const replaced = replacing.json<AlbumImage>();
    expect(replaced).toMatchObject({ id: image.id, width: 30, height: 10 });
    expect(replaced.name).toMatch(SPEC_NAME);
    expect(replaced.url).not.toBe(image.url);
    expect(await references(t, image.url)).toBeUndefined();
    expect((await fetchServed(t, image.url)).status).toBe(404);
    expect(await getAlbum(album.id)).toMatchObject({ thumbnail: image.id, imagesCount: 1 });
  });

  it("refuses bad input and another member's picture, changing nothing", async () => {
    const album = await postAlbum(t, ada, 'Guarded', [await solidPicture(20, 20, 32)]);
    const image = album.images[0] as AlbumImage;
    const before = await snapshot();
    const url = `/api/common/album-images/${image.id}/`;
    const badName = await as(t, ada).patch(url, { name: '' });
    expect(badName.statusCode).toBe(400);
    expect(Object.keys(badName.json())).toEqual(['name']);
    const notPicture = await sendForm(t, ada, 'PATCH', url, {}, [
      { field: 'imageUrl', bytes: sampleFiles.pdf() },
    ]);
    expect(notPicture.statusCode).toBe(400);
    expect(Object.keys(notPicture.json())).toEqual(['imageUrl']);
    expect((await as(t, bob).patch(url, { name: 'mine.png' })).statusCode).toBe(403);
    const bobReplaces = await sendForm(t, bob, 'PATCH', url, {}, [
      { field: 'imageUrl', bytes: await solidPicture(20, 20, 33) },
    ]);
    expect(bobReplaces.statusCode).toBe(403);
    expect((await as(t, bob).delete(url)).statusCode).toBe(403);
    expect((await as(t, null).delete(url)).statusCode).toBe(401);
    expect((await as(t, ada).delete('/api/common/album-images/999999/')).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await getAlbum(album.id)).toMatchObject({
      images: [{ id: image.id, name: image.name }],
    });
  });

  it('deletes a picture; the next one becomes the cover, then the first', async () => {
    const album = await postAlbum(t, ada, 'Shrinking', [
      await solidPicture(20, 20, 40),
      await solidPicture(20, 20, 41),
      await solidPicture(20, 20, 42),
    ]);
    const [first, second, third] = album.images as [AlbumImage, AlbumImage, AlbumImage];
    const remove = (image: AlbumImage) =>
      as(t, ada).delete(`/api/common/album-images/${image.id}/`);
    expect((await remove(first)).statusCode).toBe(204);
    expect(await albumRow(album.id)).toMatchObject({ images_count: 2, cover_image_id: second.id });
    expect(await references(t, first.url)).toBeUndefined();
    await as(t, ada).patch(`/api/common/albums/${album.id}/`, { thumbnail: third.id });
    expect((await remove(third)).statusCode).toBe(204);
    expect(await albumRow(album.id)).toMatchObject({ images_count: 1, cover_image_id: second.id });
    expect((await remove(second)).statusCode).toBe(204);
    expect(await albumRow(album.id)).toMatchObject({ images_count: 0, cover_image_id: null });
    expect((await remove(second)).statusCode).toBe(404);
  });
});

describe('DELETE /api/common/albums/{id}/', () => {
  it('deletes the album with its pictures and leaves no object behind', async () => {
    const before = await snapshot();
    const album = await postAlbum(t, ada, 'Gone soon', [
      await solidPicture(20, 20, 50),
      await solidPicture(24, 20, 51),
    ]);
    await as(t, bob).post('/api/forums/comments/', {
      model: 'album',
      id: album.id,
      content: 'Nice!',
    });
    await as(t, bob).post('/api/forums/like/', { model: 'album', id: album.id });
    expect((await as(t, bob).delete(`/api/common/albums/${album.id}/`)).statusCode).toBe(403);
    const response = await as(t, ada).delete(`/api/common/albums/${album.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await snapshot()).toEqual(before);
    expect(await countRows(t, 'likes', sql`model = 'album' and object_id = ${album.id}`)).toBe(0);
    expect(await countRows(t, 'comments', sql`model = 'album' and object_id = ${album.id}`)).toBe(
      0,
    );
    expect((await as(t, ada).get(`/api/common/albums/${album.id}/`)).statusCode).toBe(404);
    expect((await as(t, ada).delete(`/api/common/albums/${album.id}/`)).statusCode).toBe(404);
  });

  it('keeps bytes another file still holds', async () => {
    const picture = await solidPicture(20, 20, 52);
    const kept = await postAlbum(t, bob, 'Same picture', [picture]);
    const album = await postAlbum(t, ada, 'Same picture', [picture]);
    expect(album.images[0]?.url).toBe(kept.images[0]?.url);
    expect((await as(t, ada).delete(`/api/common/albums/${album.id}/`)).statusCode).toBe(204);
    expect(await references(t, kept.images[0]?.url ?? '')).toBe(1);
    expect((await served(kept.images[0]?.url ?? '')).length).toBeGreaterThan(0);
  });
});

describe('GET /api/common/albums/', () => {
  it('lists albums newest first, for visitors too, by author, page by page', async () => {
    const carol = await signUp(t, 'carol');
    const older = await postAlbum(t, carol, 'Older');
    t.clock.advance(1000);
    const newer = await postAlbum(t, carol, 'Newer', [await solidPicture(20, 20, 60)]);
    const first = await as(t, null).get('/api/common/albums/?author=carol&limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<AlbumPage>();
    expect(page.results.map((album) => album.id)).toEqual([newer.id]);
    expect(page.results[0]).toMatchObject({ cover: { id: newer.thumbnail }, canEdit: false });
    expect(page.results[0]).not.toHaveProperty('images');
    const second = await as(t, null).get(
      `/api/common/albums/?author=carol&limit=1&cursor=${page.next}`,
    );
    expect(second.json<AlbumPage>()).toEqual({
      results: [expect.objectContaining({ id: older.id })],
      next: null,
    });
    expect((await getAlbum(newer.id, null)).images).toHaveLength(1);
    const nobody = await as(t, null).get('/api/common/albums/?author=nobody-here');
    expect(nobody.json()).toEqual({ results: [], next: null });
    const bad = await as(t, null).get('/api/common/albums/?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['limit']);
    expect((await as(t, null).get('/api/common/albums/?bookmarked=true')).statusCode).toBe(401);
  });
});

describe('GET /api/common/files/', () => {
  it("lists the member's own files, newest first, page by page", async () => {
    const dora = await signUp(t, 'dora');
    const upload = (bytes: Buffer, name: string) =>
      sendForm(t, dora, 'POST', '/api/common/files/', { name }, [
        { field: 'file', bytes, filename: name },
      ]);
    const first = await upload(sampleFiles.pdf(), 'notes.pdf 2026-03-01 10:00:00');
    t.clock.advance(1000);
    const second = await upload(sampleFiles.text(), 'list.txt 2026-03-01 10:00:01');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    await postAlbum(t, dora, 'Not files', [await solidPicture(20, 20, 70)]);

    const page = await as(t, dora).get('/api/common/files/?limit=1');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ results: { id: number; name: string }[]; next: string }>();
    expect(body.results.map((file) => file.name)).toEqual(['list.txt 2026-03-01 10:00:01']);
    const rest = await as(t, dora).get(`/api/common/files/?limit=1&cursor=${body.next}`);
    expect(rest.json()).toEqual({
      results: [expect.objectContaining({ name: 'notes.pdf 2026-03-01 10:00:00' })],
      next: null,
    });
    expect((await as(t, bob).get('/api/common/files/')).json()).toEqual({
      results: [],
      next: null,
    });
    expect((await as(t, null).get('/api/common/files/')).statusCode).toBe(401);
  });
});

describe('deleting an account', () => {
  it('deletes the member’s albums and files and releases their objects', async () => {
    const before = await snapshot();
    const erin = await signUp(t, 'erin');
    await postAlbum(t, erin, 'Mine', [await solidPicture(20, 20, 80)]);
    const file = await sendForm(t, erin, 'POST', '/api/common/files/', { name: 'cv.pdf' }, [
      { field: 'file', bytes: Buffer.concat([sampleFiles.pdf(), Buffer.from('erin')]) },
    ]);
    expect(file.statusCode).toBe(201);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/auth/user',
      headers: { authorization: `Bearer ${erin.access}` },
      payload: { password: erin.password },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await snapshot()).toEqual(before);
  });
});
