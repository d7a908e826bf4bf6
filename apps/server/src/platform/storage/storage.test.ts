import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { createTestBucket, startS3Server, type TestS3Server } from '../../../test/s3';
import { fetchServed } from '../../../test/storage';
import { AppError } from '../errors';
import { createDiskStorage } from './disk-storage';
import { createS3Client, createS3Storage, S3_PART_BYTES, type S3Settings } from './s3-storage';
import { storedObjects } from './storage.tables';
import { keep, release, stage, sweep } from './stored-objects';
import type { Storage } from './storage';

const PUBLIC_URL = 'https://agora.example.org';
const PLAIN = { contentType: 'text/plain' };

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe.each(['disk', 's3'] as const)('storage on %s', (backend) => {
  let t: TestApp;
  let storage: Storage;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        publicUrl: PUBLIC_URL,
        s3: backend === 's3' ? await createTestBucket(s3.endpoint) : undefined,
      },
    });
    storage = t.app.storage;
  });
  afterAll(() => t.close());

  it('is the configured kind', () => {
    expect(storage.kind).toBe(backend);
  });

  it('stores a buffer and reads it back', async () => {
    await storage.put('albums/7/photo.txt', Buffer.from('buffer content'), PLAIN);
    const stream = await storage.get('albums/7/photo.txt');
    expect(stream && (await text(stream))).toBe('buffer content');
    if (backend === 'disk') {
      const file = join(t.config.dataDir, 'media', 'albums/7/photo.txt');
      expect(await readFile(file, 'utf8')).toBe('buffer content');
    }
  });

  it('stores a stream and leaves no partial object behind', async () => {
    await storage.put('files/report.txt', Readable.from(['part one, ', 'part two']), PLAIN);
    const stream = await storage.get('files/report.txt');
    expect(stream && (await text(stream))).toBe('part one, part two');
    expect(await storage.list('files/')).toEqual(['files/report.txt']);
  });

  it('stores nothing when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('upload aborted'));
      },
    });
    await expect(storage.put('files/broken.txt', failing, PLAIN)).rejects.toThrow('upload aborted');
    expect(await storage.list('files/')).toEqual(['files/report.txt']);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    expect(await storage.get('files/none.txt')).toBeNull();
    await storage.put('files/gone.txt', Buffer.from('x'), PLAIN);
    await storage.delete('files/gone.txt');
    await storage.delete('files/gone.txt');
    expect(await storage.get('files/gone.txt')).toBeNull();
    expect(await storage.list('files/')).toEqual(['files/report.txt']);
  });

  it('moves an object to another key', async () => {
    await storage.put('staging/abc', Buffer.from('moved'), PLAIN);
    await storage.move('staging/abc', 'files/moved.txt', PLAIN);
    expect(await storage.get('staging/abc')).toBeNull();
    const stream = await storage.get('files/moved.txt');
    expect(stream && (await text(stream))).toBe('moved');
    await storage.delete('files/moved.txt');
  });

  it('lists keys under a folder only', async () => {
    await storage.put('lists/a/1.txt', Buffer.from('1'), PLAIN);
    await storage.put('lists/a/b/2.txt', Buffer.from('2'), PLAIN);
    await storage.put('lists/c.txt', Buffer.from('3'), PLAIN);
    expect((await storage.list('lists/a/')).sort()).toEqual(['lists/a/1.txt', 'lists/a/b/2.txt']);
    expect(await storage.list('nothing/')).toEqual([]);
  });

  it('gives each object a stable URL under /media/ that serves it', async () => {
    await storage.put('avatars/alice-1.txt', Buffer.from('avatar'), PLAIN);
    const url = storage.url('avatars/alice-1.txt');
    expect(url).toBe(`${PUBLIC_URL}/media/avatars/alice-1.txt`);

    const served = await fetchServed(t, url);
    expect(served.status).toBe(200);
    expect(served.body.toString()).toBe('avatar');
    expect(served.headers['content-type']).toContain('text/plain');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves uploads so they cannot run as the site: documents download, pictures and sound show', async () => {
    await storage.put('files/report.pdf', Buffer.from('%PDF-1.4 /JavaScript'), {
      contentType: 'application/pdf',
    });
    await storage.put('avatars/bob.webp', Buffer.from('RIFF0000WEBP'), {
      contentType: 'image/webp',
    });
    await storage.put('audio/voice.ogg', Buffer.from('OggS'), { contentType: 'audio/ogg' });
    const get = (key: string) => fetchServed(t, storage.url(key));

    const pdf = await get('files/report.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment');
    const webp = await get('avatars/bob.webp');
    const ogg = await get('audio/voice.ogg');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['content-disposition']).toBeUndefined();
    expect(ogg.headers['content-disposition']).toBeUndefined();
    if (backend === 'disk') {
      // A bucket is another origin: there the browser's origin rules already keep it apart.
      for (const response of [pdf, webp, ogg]) {
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      }
    }
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
    expect(() => storage.url(key)).toThrow(AppError);
    const attempt = storage.put(key, Buffer.from('x'), PLAIN);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'validation', status: 400 });
    await expect(storage.get(key)).rejects.toBeInstanceOf(AppError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(AppError);
    await expect(storage.presign(key)).rejects.toBeInstanceOf(AppError);
  });

  it('keeps bytes under their content hash, once, until the last reference goes', async () => {
    const options = { contentType: 'text/plain' };
    const where = { folder: 'notes', extension: 'txt' };
    const first = await stage(storage, Buffer.from('same bytes'), where, options);
    const second = await stage(
      storage,
      Readable.from([Buffer.from('same '), Buffer.from('bytes')]),
      where,
      options,
    );
    const sha256 = createHash('sha256').update('same bytes').digest('hex');
    expect(first.key).toBe(`notes/${sha256.slice(0, 2)}/${sha256}.txt`);
    expect(second.key).toBe(first.key);
    expect(first.sizeBytes).toBe(10);

    await t.db.transaction((tx) => keep(tx, storage, first));
    await t.db.transaction((tx) => keep(tx, storage, second));
    expect(await storage.list('notes/')).toEqual([first.key]);
    expect(await storage.list('staging/')).toEqual([]);
    const count = async () =>
      (
        await t.db
          .select({ references: storedObjects.references })
          .from(storedObjects)
          .where(eq(storedObjects.key, first.key))
      )[0]?.references;
    expect(await count()).toBe(2);

    await t.db.transaction((tx) => release(tx, first.key));
    await sweep(t.db, storage, first.key);
    expect(await count()).toBe(1);
    const stream = await storage.get(first.key);
    expect(stream && (await text(stream))).toBe('same bytes');

    await t.db.transaction((tx) => release(tx, first.key));
    await sweep(t.db, storage, first.key);
    expect(await count()).toBeUndefined();
    expect(await storage.list('notes/')).toEqual([]);
  });

  it('leaves nothing staged when the bytes stop coming', async () => {
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('upload aborted');
    }
    const where = { folder: 'notes', extension: 'txt' };
    await expect(stage(storage, failing(), where, PLAIN)).rejects.toThrow('upload aborted');
    expect(await storage.list('staging/')).toEqual([]);
  });

  it('answers 404 at /media/ for a key it refuses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/.hidden/x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('S3 links', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('redirects /media/ to a presigned link that downloads documents, cached for less than it lives', async () => {
    t = await createTestApp({
      config: { publicUrl: PUBLIC_URL, s3: await createTestBucket(s3.endpoint) },
    });
    await t.app.storage.put('files/ab/report.pdf', Buffer.from('%PDF-1.4'), {
      contentType: 'application/pdf',
    });
    const response = await t.app.inject({ method: 'GET', url: '/media/files/ab/report.pdf' });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, max-age=3000');
    const link = new URL(String(response.headers.location));
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toBe(`/${t.config.s3?.bucket}/files/ab/report.pdf`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      'X-Amz-Expires': '3600',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
      'response-content-disposition': 'attachment',
      'response-content-type': 'application/pdf',
    });
  });

  it('stores each object with its type, disposition and cache headers, moved objects too', async () => {
    const settings = t.config.s3;
    if (!settings) throw new Error('this app has no bucket');
    const storage = t.app.storage;
    await storage.put('staging/doc', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    await storage.move('staging/doc', 'files/cd/moved.pdf', { contentType: 'application/pdf' });
    await storage.put('avatars/cd/me.webp', Buffer.from('RIFF0000WEBP'), {
      contentType: 'image/webp',
    });
    const client = createS3Client(settings);
    const head = (Key: string) =>
      client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key }));
    try {
      expect(await head('files/cd/moved.pdf')).toMatchObject({
        ContentType: 'application/pdf',
        ContentDisposition: 'attachment',
        CacheControl: 'public, max-age=31536000, immutable',
      });
      const picture = await head('avatars/cd/me.webp');
      expect(picture).toMatchObject({
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      });
      expect(picture.ContentDisposition).toBeUndefined();
    } finally {
      client.destroy();
    }
  });

  it('points links at S3_PUBLIC_URL when the bucket has one, and redirects /media/ there', async () => {
    const publicUrl = `${s3.endpoint}/public-bucket`;
    const other = await createTestApp({
      config: { publicUrl: PUBLIC_URL, s3: await createTestBucket(s3.endpoint, { publicUrl }) },
    });
    try {
      expect(other.app.storage.url('avatars/ab/cd.webp')).toBe(`${publicUrl}/avatars/ab/cd.webp`);
      const response = await other.app.inject({ method: 'GET', url: '/media/avatars/ab/cd.webp' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${publicUrl}/avatars/ab/cd.webp`);
      // A public base URL cannot name a download: a document's named link is presigned.
      const name = 'notes.pdf 2026-03-01 10:00:00';
      expect(other.app.storage.url('files/ab/notes.pdf', name)).toBe(
        `${PUBLIC_URL}/media/files/ab/notes.pdf?download=${encodeURIComponent(name)}`,
      );
      const named = await other.app.inject({
        method: 'GET',
        url: `/media/files/ab/notes.pdf?download=${encodeURIComponent(name)}`,
      });
      expect(named.statusCode).toBe(302);
      const presigned = new URL(String(named.headers.location));
      expect(presigned.pathname).toMatch(/\/files\/ab\/notes\.pdf$/);
      expect(presigned.searchParams.get('response-content-disposition')).toBe(
        `attachment; filename="${name}.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
      );
    } finally {
      await other.close();
    }
  });
});

describe('disk storage', () => {
  it('does not serve dot files such as partial uploads', async () => {
    const t = await createTestApp();
    try {
      await t.app.storage.put('files/x.txt', Buffer.from('x'), PLAIN);
      await writeFile(join(t.config.dataDir, 'media', 'files', '.abc.partial'), 'half');
      const response = await t.app.inject({ method: 'GET', url: '/media/files/.abc.partial' });
      expect(response.statusCode).toBe(404);
      expect(await t.app.storage.list('files/')).toEqual(['files/x.txt']);
    } finally {
      await t.close();
    }
  });
});

/** `count` MB of random bytes, 1 MB at a time, and the SHA-256 they should hash to. */
function generated(count: number) {
  const block = randomBytes(1024 * 1024);
  const hash = createHash('sha256');
  for (let i = 0; i < count; i += 1) hash.update(block);
  async function* blocks() {
    for (let i = 0; i < count; i += 1) yield block;
  }
  return { stream: Readable.from(blocks()), sha256: hash.digest('hex') };
}

/** Runs `work` while sampling this process's memory; answers how far it rose above the start. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const start = used();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - start;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A client that records the commands it sends and how many part uploads were ever in flight. */
function recordingClient(settings: S3Settings) {
  const client = createS3Client(settings);
  const sent: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName);
      sent.push(name);
      if (name !== 'UploadPartCommand') return next(args);
      maxInFlight = Math.max(maxInFlight, (inFlight += 1));
      try {
        return await next(args);
      } finally {
        inFlight -= 1;
      }
    },
    { step: 'initialize' },
  );
  return { client, sent, maxInFlight: () => maxInFlight };
}

describe('streaming a large body', () => {
  const MB = 128;
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'agora-storage-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function roundTrip(storage: Storage) {
    const body = generated(MB);
    await storage.put('big/body.bin', body.stream, { contentType: 'application/octet-stream' });
    const stream = await storage.get('big/body.bin');
    if (!stream) throw new Error('the body was not stored');
    expect(await sha256Of(stream)).toBe(body.sha256);
  }

  it(`writes and reads ${MB} MB on disk without holding it in memory`, async () => {
    const storage = createDiskStorage(folder, PUBLIC_URL);
    const growth = await peakGrowth(() => roundTrip(storage));
    // A few chunks in flight, and garbage not yet collected: far from the whole body.
    expect(growth).toBeLessThan((MB / 2) * 1024 * 1024);
  });

  // The test S3 server runs in this process and keeps bodies in memory on its side, so the
  // bound is shown by what the SDK does: parts of 5 MB, at most two of them in flight.
  it(`sends ${MB} MB to S3 as a multipart upload of 5 MB parts, two at a time`, async () => {
    const settings = await createTestBucket(s3.endpoint);
    const { client, sent, maxInFlight } = recordingClient(settings);
    try {
      await roundTrip(createS3Storage(settings, PUBLIC_URL, client));
    } finally {
      client.destroy();
    }
    const parts = sent.filter((name) => name === 'UploadPartCommand').length;
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).toContain('CompleteMultipartUploadCommand');
    expect(sent).not.toContain('PutObjectCommand');
    expect(parts).toBe(Math.ceil((MB * 1024 * 1024) / S3_PART_BYTES));
    expect(maxInFlight()).toBe(2);
  });

  it('aborts the multipart upload of a stream that fails past its first parts, keeping nothing', async () => {
    const settings = await createTestBucket(s3.endpoint);
    const { client, sent } = recordingClient(settings);
    const block = randomBytes(1024 * 1024);
    async function* cutShort() {
      for (let i = 0; i < 12; i += 1) yield block;
      throw new Error('Choose a file of at most 12 MB.');
    }
    const storage = createS3Storage(settings, PUBLIC_URL, client);
    try {
      await expect(
        storage.put('big/cut.bin', Readable.from(cutShort()), {
          contentType: 'application/octet-stream',
        }),
      ).rejects.toThrow('at most 12 MB');
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('AbortMultipartUploadCommand');
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
      expect(await storage.list('big/')).toEqual([]);
    } finally {
      client.destroy();
    }
  });
});
