import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';

describe('closing the app (SIGTERM in main.ts)', () => {
  let t: TestApp;
  let finishSlowRequest = () => {};
  let slowRequestStarted = () => {};
  const requestInFlight = new Promise<void>((started) => (slowRequestStarted = started));
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app: FastifyInstance) => {
        app.get('/api/test/slow', async () => {
          slowRequestStarted();
          await new Promise<void>((done) => (finishSlowRequest = done));
          return { finished: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('lets an in-flight request finish, then refuses new connections', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test/slow`);
    // Close only once the server is handling it: before that it would rightly answer 503.
    await requestInFlight;

    const closed = t.app.close();
    await new Promise((done) => setTimeout(done, 100));
    finishSlowRequest();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});
