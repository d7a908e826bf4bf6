import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import sharp from 'sharp';

/*
 * The ceiling of the media bench, measured in the same sitting: bare Fastify taking the same
 * multipart upload and doing the same picture work (upright, re-encoded, WebP thumbnails at 320
 * and 1280 px, one picture per core at a time) and writing the original to disk. No auth, no
 * type sniffing, no hashing, no database, no quota, no BlurHash, no spooling to disk: what this
 * machine can do at best for such an upload. Run by
 * the bench as a bundled file (bench/dist/), as the server runs.
 */

const folder = join(process.env.DATA_DIR ?? '/tmp', 'reference-media');
await mkdir(folder, { recursive: true });

// One picture per core at a time, as the server does: more at once only thrash.
sharp.cache(false);
sharp.concurrency(1);
const slots = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const app = Fastify({ logger: false });
await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 * 1024 } });
app.get('/api/health', async () => ({ ok: true }));
app.post('/reference/upload/', async (request, reply) => {
  const part = await request.file();
  if (!part) return reply.code(400).send({ file: ['Choose a file.'] });
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const path = join(folder, randomUUID());
  const upright = () => sharp(bytes).rotate();
  const thumbnail = (size: number) =>
    upright().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp().toBuffer();
  const original = await inTurn(async () => {
    const [encoded] = await Promise.all([
      upright().jpeg().toBuffer(),
      thumbnail(320),
      thumbnail(1280),
    ]);
    return encoded;
  });
  await pipeline([original], createWriteStream(path));
  // The server keeps one object for the same picture uploaded again: no pile of copies here either.
  await rm(path);
  return reply.code(201).send({ sizeBytes: original.length });
});

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
