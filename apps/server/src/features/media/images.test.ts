import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { UploadedFile, UploadUsage } from '@agora/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows } from '../../../test/forums';
import { sampleFiles, upload } from '../../../test/media';
import { fetchServed, references, storedKeys } from '../../../test/storage';
import { mediaRoutes } from './media.routes';

const NAME = 'IMG_0042.jpg 2026-03-01 10:00:00';
/** A copy of the routes with a quota of a few kilobytes, so filling it costs little. */
const QUOTA = '/quota';
const QUOTA_BYTES = 4096;

let t: TestApp;
let ada: Member;
let bob: Member;
beforeAll(async () => {
  t = await createAccountsTestApp({
    setup: (app) => app.register(mediaRoutes, { prefix: QUOTA, quotaBytes: QUOTA_BYTES }),
  });
  ada = await signUp(t, 'ada');
  bob = await signUp(t, 'bob');
});
afterAll(() => t.close());

/** A picture of solid colour; `split` paints its left half another colour. */
function picture(width: number, height: number, split = false) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const left = split && x < width / 2;
      pixels.set(left ? [230, 20, 20] : [20, 20, 230], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** What a phone writes: the camera, the time and where the photo was taken. */
const GPS_EXIF = {
  IFD0: { Make: 'AgoraPhone', Model: 'Secret Model 9' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2400/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 700/100',
  },
};

/** A PNG whose header claims `width` × `height` pixels: refused before a pixel is decoded. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await picture(1, 1).png().toBuffer();
  // The IHDR chunk: length, type, width, height, …, then a CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const uploadImage = async (member: Member, file: Buffer, url?: string) => {
  const response = await upload(t, member, { file, filename: 'IMG_0042.jpg', name: NAME }, url);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedFile>();
};

const served = async (url: string) => {
  const response = await fetchServed(t, url);
  expect(response.status).toBe(200);
  return response.body;
};

const usage = async (member: Member, prefix = '/api/common') => {
  const response = await as(t, member).get(`${prefix}/files/usage/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadUsage>();
};

const everyStoredKey = async () => [
  ...(await storedKeys(t, 'files/')),
  ...(await storedKeys(t, 'thumbnails/')),
  ...(await storedKeys(t, 'staging/')),
];

describe('images uploaded to POST /api/common/files/', () => {
  let before: { rows: number; stored: string[] };
  beforeEach(async () => {
    before = { rows: await countRows(t, 'files'), stored: (await everyStoredKey()).sort() };
  });
  const expectNothingWritten = async () => {
    expect(await countRows(t, 'files')).toBe(before.rows);
    expect((await everyStoredKey()).sort()).toEqual(before.stored);
  };

  it('stores a JPEG without its EXIF, GPS position included', async () => {
    const jpeg = await picture(64, 48).jpeg().withExif(GPS_EXIF).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('AgoraPhone')).toBe(true);

    const file = await uploadImage(ada, jpeg);
    expect(file).toMatchObject({ mimeType: 'image/jpeg', url: expect.stringMatching(/\.jpg$/) });
    const bytes = await served(file.url);
    expect(file.sizeBytes).toBe(bytes.length);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    for (const text of ['AgoraPhone', 'Secret Model', 'Exif', 'GPS']) {
      expect(bytes.includes(text), text).toBe(false);
    }
    for (const thumbnail of Object.values(file.image?.thumbnails ?? {})) {
      expect((await sharp(await served(thumbnail.url)).metadata()).exif).toBeUndefined();
    }
  });

  it('turns a portrait photo upright by its EXIF orientation, and stores it so', async () => {
    // Stored sideways as cameras do (60×40, red on the left), with orientation 6: turn 90° right.
    const sideways = await picture(60, 40, true).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const file = await uploadImage(ada, sideways);
    expect(file.image).toMatchObject({ width: 40, height: 60 });
    const bytes = await served(file.url);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ width: 40, height: 60 });
    expect(metadata.orientation).toBeUndefined();
    // Turned right, the left half is on top.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3),
    ];
    expect(pixel(20, 5)[0]).toBeGreaterThan(180);
    expect(pixel(20, 54)[2]).toBeGreaterThan(180);
    const small = await sharp(await served(file.image?.thumbnails.small.url ?? '')).metadata();
    expect(small).toMatchObject({ width: 40, height: 60 });
  });

  it('makes WebP thumbnails at two sizes and a BlurHash, and deletes them with the file', async () => {
    const file = await uploadImage(bob, await picture(2000, 1500, true).png().toBuffer());
    expect(file).toMatchObject({ mimeType: 'image/png', url: expect.stringMatching(/\.png$/) });
    expect(file.image).toEqual({
      width: 2000,
      height: 1500,
      blurhash: expect.stringMatching(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{28}$/),
      thumbnails: {
        small: {
          url: expect.stringMatching(/\/media\/thumbnails\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/),
          width: 320,
          height: 240,
        },
        large: { url: expect.stringMatching(/\.webp$/), width: 1280, height: 960 },
      },
    });
    const { small, large } = file.image?.thumbnails ?? { small: { url: '' }, large: { url: '' } };
    for (const [thumbnail, width] of [
      [small, 320],
      [large, 1280],
    ] as const) {
      const metadata = await sharp(await served(thumbnail.url)).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width });
      expect(await references(t, thumbnail.url)).toBe(1);
    }

    const thumbnailBytes = (await served(small.url)).length + (await served(large.url)).length;
    expect(await usage(bob)).toEqual({
      usedBytes: file.sizeBytes + thumbnailBytes,
      limitBytes: 1024 * 1024 * 1024,
      leftBytes: 1024 * 1024 * 1024 - file.sizeBytes - thumbnailBytes,
    });

    expect((await as(t, bob).delete(`/api/common/files/${file.id}/`)).statusCode).toBe(204);
    for (const url of [file.url, small.url, large.url]) {
      expect(await references(t, url)).toBeUndefined();
      expect((await fetchServed(t, url)).status).toBe(404);
    }
    expect((await everyStoredKey()).sort()).toEqual(before.stored);
    expect((await usage(bob)).usedBytes).toBe(0);
  });

  it('shares thumbnails between uploads of the same picture until the last goes', async () => {
    const png = await picture(400, 300).png().toBuffer();
    const first = await uploadImage(ada, png);
    const second = await uploadImage(bob, png);
    expect(second.image).toEqual(first.image);
    expect(await references(t, first.image?.thumbnails.small.url ?? '')).toBe(2);
    await as(t, ada).delete(`/api/common/files/${first.id}/`);
    expect((await served(second.image?.thumbnails.small.url ?? '')).length).toBeGreaterThan(0);
    await as(t, bob).delete(`/api/common/files/${second.id}/`);
    expect((await everyStoredKey()).sort()).toEqual(before.stored);
  });

  it('accepts an iPhone HEIC photo, stored as JPEG with WebP thumbnails', async () => {
    const heic = await readFile(new URL('../../../test/fixtures/photo.heic', import.meta.url));
    const file = await uploadImage(ada, heic);
    expect(file).toMatchObject({
      mimeType: 'image/jpeg',
      url: expect.stringMatching(/\.jpg$/),
      image: { width: 96, height: 64, thumbnails: { small: { width: 96, height: 64 } } },
    });
    expect(await sharp(await served(file.url)).metadata()).toMatchObject({ format: 'jpeg' });
    const small = await sharp(await served(file.image?.thumbnails.small.url ?? '')).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 96, height: 64 });
  });

  it('refuses a picture of more than 50 megapixels, and keeps nothing', async () => {
    const response = await upload(t, ada, { file: await pngClaiming(10_000, 5_001), name: NAME });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ['This image is larger than 50 megapixels; upload a smaller one.'],
    });
    await expectNothingWritten();
    // 50 megapixels exactly is within the limit: it fails later, on its missing pixels.
    const exact = await upload(t, ada, { file: await pngClaiming(10_000, 5_000), name: NAME });
    expect(exact.json()).toEqual({ file: ['This image could not be read; upload another one.'] });
    await expectNothingWritten();
  });

  it.each([
    [
      'SVG with a script',
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['HTML page', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'],
  ])('refuses an %s, and keeps nothing', async (_kind, markup) => {
    const response = await upload(t, ada, {
      file: Buffer.from(markup),
      filename: 'cat.svg',
      declaredType: 'image/svg+xml',
      name: NAME,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ file: string[] }>().file[0]).toMatch(
      /^SVG and HTML files can run scripts/,
    );
    await expectNothingWritten();
  });

  it('refuses bytes that only start like a picture', async () => {
    const response = await upload(t, ada, { file: sampleFiles.png(), name: NAME });
    expect(response.json()).toEqual({
      file: ['This image could not be read; upload another one.'],
    });
    await expectNothingWritten();
  });
});

describe('the storage quota', () => {
  let carol: Member;
  beforeAll(async () => {
    carol = await signUp(t, 'carol');
  });

  it('counts originals and thumbnails, and refuses what does not fit, keeping nothing', async () => {
    expect(await usage(carol, QUOTA)).toEqual({
      usedBytes: 0,
      limitBytes: QUOTA_BYTES,
      leftBytes: QUOTA_BYTES,
    });
    // A picture whose own bytes fit in what the first upload leaves, but not with its thumbnails.
    const png = await picture(40, 30, true).png().toBuffer();
    const left = png.length + 10;
    const text = Buffer.alloc(QUOTA_BYTES - left, 'a');
    const first = await uploadImage(carol, text, `${QUOTA}/files/`);
    expect(await usage(carol, QUOTA)).toMatchObject({ usedBytes: text.length, leftBytes: left });

    const rows = await countRows(t, 'files');
    const keys = (await everyStoredKey()).sort();
    const refusal = {
      detail: `This file does not fit in your storage quota of 4 KB: ${left} bytes left. Delete some files to make room.`,
    };
    // Larger than what is left: cut off as it streams in.
    const tooBig = await upload(t, carol, { file: text, name: NAME }, `${QUOTA}/files/`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual(refusal);
    const withThumbnails = await upload(t, carol, { file: png, name: NAME }, `${QUOTA}/files/`);
    expect(withThumbnails.statusCode).toBe(413);
    expect(withThumbnails.json()).toEqual(refusal);
    expect(await countRows(t, 'files')).toBe(rows);
    expect((await everyStoredKey()).sort()).toEqual(keys);

    expect((await as(t, carol).delete(`${QUOTA}/files/${first.id}/`)).statusCode).toBe(204);
    expect((await usage(carol, QUOTA)).usedBytes).toBe(0);
    expect((await upload(t, carol, { file: png, name: NAME }, `${QUOTA}/files/`)).statusCode).toBe(
      201,
    );
  });

  it('needs a signed-in member', async () => {
    expect((await as(t, null).get('/api/common/files/usage/')).statusCode).toBe(401);
  });
});
