import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LIVE_SOCKET_PATH, type Discussion } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { getAccepting } from '../../../test/http';
import { postDiscussion } from '../../../test/forums';

const LIST = '/api/forums/forums/?limit=20';

describe('compressed answers', () => {
  let t: TestApp;
  let ada: Member;
  let origin: string;
  /** Test only: the stream an event-stream answer reads from. */
  let events: PassThrough | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) =>
        app.get('/api/test-events', async (_request, reply) => {
          events = new PassThrough();
          events.write(': connected\n\n');
          return reply.type('text/event-stream').header('cache-control', 'no-cache').send(events);
        }),
    });
    ada = await signUp(t, 'ada');
    for (let i = 0; i < 6; i += 1)
      await postDiscussion(t, ada, { content: 'Long text. '.repeat(40) });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // The event stream's connection is the test's own; nothing in the app keeps one open.
    t.app.server.closeAllConnections();
    await t.close();
  });

  const get = (url: string, acceptEncoding?: string) => getAccepting(t, url, acceptEncoding);

  it('compresses a JSON answer over 1 KB with Brotli for a client that takes it', async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const response = await get(LIST, 'gzip, deflate, br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const body = JSON.parse(brotliDecompressSync(response.rawPayload).toString());
    expect(body).toEqual(plain.json());
    expect(body.results.map((discussion: Discussion) => discussion.author.username)).toContain(
      'ada',
    );
  });

  it('compresses with gzip for a client that takes only gzip', async () => {
    const response = await get(LIST, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(
      (await get(LIST)).json(),
    );
  });

  it('sends a small answer as it is: compressing it costs more than it saves', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends a server-sent event at once and uncompressed, even to a client taking Brotli', async () => {
    const response = await fetch(`${origin}/api/test-events`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = response.body;
    if (!body) throw new Error('no body');
    const reader = body.getReader();
    const read = async () => new TextDecoder().decode((await reader.read()).value);
    try {
      expect(await read()).toBe(': connected\n\n');
      events?.write(`data: ${'x'.repeat(2000)}\n\n`);
      // The event arrives while the stream is still open: no compressor holds it back.
      expect(await read()).toMatch(/^data: x{2000}/);
    } finally {
      events?.end();
      await reader.cancel();
    }
  });

  it('keeps WebSocket upgrades working for a client that takes compression', async () => {
    const [discussion] = (await get(LIST)).json<{ results: Discussion[] }>().results;
    if (!discussion) throw new Error('no discussion');
    const socket = new WebSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const update = new Promise<{ type: string; id: number }>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('error', reject);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', model: 'forum', id: discussion.id }));
    expect(await update).toMatchObject({ type: 'live_update', id: discussion.id });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close();
    await closed;
  });
});
