import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { cpuTicks, speedCheckMilliseconds, stealPercent } from '../support/machine';
import { signUpMembers } from '../support/members';
import {
  buildReference,
  databaseUrl,
  NO_WRITE_LIMITS,
  psql,
  RssSampler,
  startServer,
  type RunningServer,
} from '../support/server';
import { formatMediaReport, type UploadRun } from './report';

/**
 * `npm run bench -- media [--connections N --duration S --megabytes N]`: issue 19's upload load.
 * A fresh PostgreSQL database, the real server (pictures on local disk), then `connections`
 * members each uploading a `megabytes` MB photo (a JPEG of noise, which compresses as badly as
 * a camera's) to `POST /api/common/files/` over and over for `duration` seconds, one upload in
 * flight per member. Meanwhile one more member uploads in turn and fetches each answer's small
 * thumbnail: "thumbnails ready" is the time from sending to having that thumbnail. The server's
 * RSS is sampled all along (issue 19: below 400 MB; uploads stream, pictures are decoded one at
 * a time per request). Then the same load on a bare Fastify + sharp ceiling doing the same
 * picture work (`upload-reference.ts`).
 *
 * Both run with `MALLOC_ARENA_MAX=2`, as production should (docs/architecture.md, media): glibc
 * otherwise gives each of libvips' and libuv's threads an allocation arena it keeps, and the
 * same load peaked at 530–560 MB instead of 350–375 MB here. `--malloc-arena-max ''` runs with
 * glibc's default, to see the difference.
 */

const UPLOAD_REFERENCE_SCRIPT = 'bench/dist/upload-reference.js';

/** A photo of about `megabytes` MB: noise, so JPEG cannot shrink it below a camera's size. */
async function photoOf(megabytes: number): Promise<Buffer> {
  let side = Math.round(Math.sqrt(megabytes * 1024 * 1024 * 0.45));
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const photo = await sharp({
      create: {
        width: side,
        height: Math.round(side * 0.75),
        channels: 3,
        background: { r: 120, g: 140, b: 160 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const ratio = photo.length / (megabytes * 1024 * 1024);
    if (ratio > 0.95 && ratio < 1.05) return photo;
    side = Math.round(side / Math.sqrt(ratio));
  }
  throw new Error(`could not make a ${megabytes} MB photo`);
}

/** The multipart form a browser sends for SPEC §3's upload: `file` and `name`. */
async function uploadForm(photo: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('name', 'IMG_4032.jpg 2026-03-01 10:00:00');
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_4032.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** Uploads in turn for `seconds`, each followed by a GET of its small thumbnail. */
async function probeThumbnails(
  base: string,
  path: string,
  token: string | undefined,
  form: { body: Buffer; contentType: string },
  until: number,
): Promise<number[]> {
  const samples: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': form.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new Uint8Array(form.body),
    });
    const answer = (await response.json()) as {
      image?: { thumbnails: { small: { url: string } } };
    };
    const thumbnail = answer.image?.thumbnails.small.url;
    if (response.status !== 201) continue;
    if (thumbnail && (await fetch(thumbnail)).status !== 200) continue;
    samples.push(performance.now() - started);
  }
  return samples;
}

/** `connections` uploaders for `seconds`, with the thumbnail probe beside them. */
async function uploadLoad(
  server: RunningServer,
  path: string,
  tokens: string[],
  form: { body: Buffer; contentType: string },
  seconds: number,
): Promise<UploadRun> {
  const rss = new RssSampler(server.pid, 100);
  const [result, thumbnails] = await Promise.all([
    autocannon({
      url: server.url,
      connections: tokens.length,
      duration: seconds,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request, context: { token?: string }) => {
            context.token ??= tokens[Math.floor(Math.random() * tokens.length)];
            return {
              ...request,
              headers: {
                ...request.headers,
                'content-type': form.contentType,
                ...(context.token ? { authorization: `Bearer ${context.token}` } : {}),
              },
              body: form.body,
            };
          },
        },
      ],
    }),
    probeThumbnails(server.url, path, tokens[0], form, Date.now() + seconds * 1000),
  ]);
  const peakRssBytes = rss.takeMax();
  rss.stop();
  thumbnails.sort((a, b) => a - b);
  return {
    uploadsPerSecond: result.requests.average,
    uploads: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    peakRssBytes,
    thumbnailsP99:
      thumbnails[Math.min(thumbnails.length - 1, Math.floor(thumbnails.length * 0.99))] ?? null,
    thumbnailSamples: thumbnails.length,
  };
}

export async function runMediaBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      connections: { type: 'string', default: '20' },
      duration: { type: 'string', default: '30' },
      megabytes: { type: 'string', default: '5' },
      'malloc-arena-max': { type: 'string', default: '2' },
    },
  });
  const seconds = Number(values.duration);
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `agora_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-'));
  const env = {
    DATABASE_URL: databaseUrl(serverUrl, name),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...NO_WRITE_LIMITS,
    NEW_MEMBER_MAX_UPLOAD_BYTES: 'off',
    // Every upload is kept (the same picture is one object), so each member needs room for all.
    UPLOAD_QUOTA_BYTES: String(1024 ** 4),
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    ...(values['malloc-arena-max'] ? { MALLOC_ARENA_MAX: values['malloc-arena-max'] } : {}),
  };
  buildReference('bench/media/upload-reference.ts', UPLOAD_REFERENCE_SCRIPT);
  const photo = await photoOf(Number(values.megabytes));
  const form = await uploadForm(photo);

  psql(serverUrl, `create database ${name}`);
  let server: RunningServer | undefined;
  let reference: RunningServer | undefined;
  try {
    server = await startServer(env);
    const tokens = await signUpMembers(server.url, Number(values.connections));
    const idle = new RssSampler(server.pid, 50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleRssBytes = idle.takeMax();
    idle.stop();
    const speedBefore = speedCheckMilliseconds();
    const ticksBefore = cpuTicks();
    const measured = await uploadLoad(server, '/api/common/files/', tokens, form, seconds);
    await server.stop();
    server = undefined;

    reference = await startServer(env, UPLOAD_REFERENCE_SCRIPT);
    const ceiling = await uploadLoad(
      reference,
      '/reference/upload/',
      tokens.map(() => ''),
      form,
      seconds,
    );
    console.log(
      formatMediaReport({
        machine: {
          speedMilliseconds: [speedBefore, speedCheckMilliseconds()],
          stealPercent: stealPercent(ticksBefore, cpuTicks()),
        },
        connections: Number(values.connections),
        seconds,
        photoBytes: photo.length,
        idleRssBytes,
        server: measured,
        reference: ceiling,
      }),
    );
  } finally {
    await server?.stop();
    await reference?.stop();
    psql(serverUrl, `drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}
