import { sql } from 'drizzle-orm';
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

describe('closing the app while a request whose client left is still running', () => {
  let t: TestApp;
  let finish = () => {};
  let started = () => {};
  const inFlight = new Promise<void>((done) => (started = done));
  let outcome: unknown = 'not run';
  beforeAll(async () => {
    t = await createTestApp({
      // In a plugin, as the app's own routes are: registered after the platform's hooks.
      setup: (app: FastifyInstance) =>
        void app.register(async (routes) => {
          routes.get('/api/test/abandoned', async () => {
            started();
            await new Promise<void>((done) => (finish = done));
            try {
              await app.db.execute(sql`select 1 as one`);
              outcome = 'answered';
            } catch (error) {
              outcome = error instanceof Error ? (error.cause ?? error) : error;
            }
            return { finished: true };
          });
        }),
    });
  });
  afterAll(() => t.close());

  it('waits for the handler before closing the database under it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new AbortController();
    const abandoned = fetch(`${address}/api/test/abandoned`, { signal: client.signal });
    await inFlight;
    client.abort();
    await expect(abandoned).rejects.toThrow();

    let isClosed = false;
    const closed = t.app.close().then(() => (isClosed = true));
    await new Promise((done) => setTimeout(done, 100));
    expect(isClosed).toBe(false);
    finish();
    await closed;
    expect(outcome).toBe('answered');
  });
});
