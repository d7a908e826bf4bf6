import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createS3Client, createS3Storage, type S3Settings } from './s3-storage';

/**
 * What the test S3 server cannot check (it accepts any signature): the shape of presigned
 * links and that their signature is the one S3 recomputes from the secret.
 */

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const settings: S3Settings = {
  bucket: 'agora-media',
  endpoint: 'https://s3.example.test',
  region: 'eu-west-3',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: SECRET },
  forcePathStyle: false,
  checksums: 'WHEN_REQUIRED',
};
const APP_URL = 'https://agora.example.org';

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** AWS Signature Version 4 of a presigned GET, computed as S3 does on receipt. */
function expectedSignature(link: URL, secret: string): string {
  const params = [...link.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
  const query = params
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonical = [
    'GET',
    link.pathname,
    query,
    `host:${link.host}`,
    '',
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const date = link.searchParams.get('X-Amz-Date') ?? '';
  const [, day = '', region = ''] = (link.searchParams.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('presigned download links', () => {
  it('signs a document link that downloads it, valid for an hour, verifiable with the secret', async () => {
    const storage = createS3Storage(settings, APP_URL);
    const link = new URL(await storage.presign('files/ab/report.pdf'));

    expect(link.origin).toBe('https://agora-media.s3.example.test');
    expect(link.pathname).toBe('/files/ab/report.pdf');
    const query = Object.fromEntries(link.searchParams);
    expect(query).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': expect.stringMatching(
        /^AKIDEXAMPLE\/\d{8}\/eu-west-3\/s3\/aws4_request$/,
      ),
      'X-Amz-Date': expect.stringMatching(/^\d{8}T\d{6}Z$/),
      'X-Amz-Expires': '3600',
      'X-Amz-SignedHeaders': 'host',
      'response-content-disposition': 'attachment',
      'response-content-type': 'application/pdf',
    });
    expect(query['X-Amz-Signature']).toBe(expectedSignature(link, SECRET));
  });

  it("signs the member's name for a document into its link, with the key's extension", async () => {
    const storage = createS3Storage(settings, APP_URL);
    const name = 'Rapport café.pdf 2026-03-01 10:00:00';
    expect(storage.url('files/ab/report.pdf', name)).toBe(
      `${APP_URL}/media/files/ab/report.pdf?download=${encodeURIComponent(name)}`,
    );
    const link = new URL(await storage.presign('files/ab/report.pdf', { downloadName: name }));
    expect(link.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="Rapport caf_.pdf 2026-03-01 10:00:00.pdf"; ' +
        "filename*=UTF-8''Rapport%20caf%C3%A9.pdf%202026-03-01%2010%3A00%3A00.pdf",
    );
    expect(link.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(link, SECRET));
    const picture = new URL(await storage.presign('files/ab/cat.png', { downloadName: 'cat' }));
    expect(picture.searchParams.get('response-content-disposition')).toBeNull();
  });

  it('makes any change to the link or the secret void the signature', async () => {
    const storage = createS3Storage(settings, APP_URL);
    const link = new URL(await storage.presign('files/ab/report.pdf'));
    const signature = link.searchParams.get('X-Amz-Signature');

    expect(expectedSignature(link, 'another secret')).not.toBe(signature);
    const inline = new URL(link);
    inline.searchParams.set('response-content-disposition', 'inline');
    expect(expectedSignature(inline, SECRET)).not.toBe(signature);
    const html = new URL(link);
    html.searchParams.set('response-content-type', 'text/html');
    expect(expectedSignature(html, SECRET)).not.toBe(signature);
    const longer = new URL(link);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect(expectedSignature(longer, SECRET)).not.toBe(signature);
    const other = new URL(link);
    other.pathname = '/files/ab/other.pdf';
    expect(expectedSignature(other, SECRET)).not.toBe(signature);
  });

  it('lets pictures and sound show in place, and takes a shorter lifetime', async () => {
    const storage = createS3Storage(settings, APP_URL);
    const picture = new URL(await storage.presign('avatars/ab.webp', { expiresInSeconds: 60 }));
    expect(picture.searchParams.get('response-content-type')).toBe('image/webp');
    expect(picture.searchParams.has('response-content-disposition')).toBe(false);
    expect(picture.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(picture.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(picture, SECRET));

    const sound = new URL(await storage.presign('audio/1/ab.mp3'));
    expect(sound.searchParams.get('response-content-type')).toBe('audio/mpeg');
    expect(sound.searchParams.has('response-content-disposition')).toBe(false);
  });

  it('puts the bucket in the path for self-hosted services', async () => {
    const storage = createS3Storage({ ...settings, forcePathStyle: true }, APP_URL);
    const link = new URL(await storage.presign('files/ab/report.pdf'));
    expect(link.origin).toBe('https://s3.example.test');
    expect(link.pathname).toBe('/agora-media/files/ab/report.pdf');
    expect(link.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(link, SECRET));
  });
});

describe('S3 storage settings', () => {
  it('links through the app, which redirects to a presigned link, without a public URL', () => {
    const storage = createS3Storage(settings, APP_URL);
    expect(storage.url('avatars/ab.webp')).toBe(`${APP_URL}/media/avatars/ab.webp`);
  });

  it('links straight to the public base URL when there is one', () => {
    const storage = createS3Storage(
      { ...settings, publicUrl: 'https://cdn.example.org/m' },
      APP_URL,
    );
    expect(storage.url('avatars/ab.webp')).toBe('https://cdn.example.org/m/avatars/ab.webp');
  });

  it.each(['WHEN_REQUIRED', 'WHEN_SUPPORTED'] as const)(
    'hands the checksum setting %s to the SDK for requests and responses',
    async (checksums) => {
      const client = createS3Client({ ...settings, checksums });
      try {
        expect(await client.config.requestChecksumCalculation()).toBe(checksums);
        expect(await client.config.responseChecksumValidation()).toBe(checksums);
        expect(await client.config.region()).toBe('eu-west-3');
        expect(client.config.forcePathStyle).toBe(false);
      } finally {
        client.destroy();
      }
    },
  );
});
