import type { Album } from '@agora/shared';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { bearer, type Member } from './accounts';
import type { TestApp } from './build-app';

/**
 * Album helpers for tests: pictures made with sharp, multipart forms with any number of files,
 * and albums made through the API.
 *
 *   const album = await postAlbum(t, ada, 'Holiday', [await solidPicture(40, 30)]);
 */

/** A picture of one colour (`seed` picks it: two seeds, two different sets of bytes). */
export function solidPicture(width: number, height: number, seed = 0): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 200 },
    },
  })
    .png()
    .toBuffer();
}

export interface FormFile {
  field: string;
  bytes: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart form with text fields first, then files, as a browser sends it. */
export async function pictureForm(
  fields: Record<string, string>,
  filesToSend: FormFile[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of filesToSend) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' });
    data.append(file.field, blob, file.filename ?? 'IMG_0001.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Sends a multipart form as `member` (signed out when null). */
export async function sendForm(
  t: TestApp,
  member: Member | null,
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  filesToSend: FormFile[],
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await pictureForm(fields, filesToSend);
  return t.app.inject({
    method,
    url,
    payload,
    headers: { ...headers, ...(member ? bearer(member.access) : {}) },
  });
}

export const albumImagesOf = (pictures: Buffer[]): FormFile[] =>
  pictures.map((bytes, index) => ({
    field: 'album_images',
    bytes,
    filename: `IMG_000${index + 1}.png`,
  }));

/** POST /api/common/albums/ with pictures, which must be accepted. */
export async function postAlbum(
  t: TestApp,
  member: Member,
  name = 'Holiday',
  pictures: Buffer[] = [],
): Promise<Album> {
  const response = await sendForm(
    t,
    member,
    'POST',
    '/api/common/albums/',
    { name },
    albumImagesOf(pictures),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Album>();
}
