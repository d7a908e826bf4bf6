import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';
import { REQUEST_ID_HEADER } from './request-id';

describe('request logging', () => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await createTestApp({
      logStream: logs.stream,
      setup: (app: FastifyInstance) => {
        app.get('/api/test/query-fails', async () => {
          throw new DrizzleQueryError(
            'insert into users (email, password_hash) values ($1, $2)',
            ['alice@example.org', '$argon2id$v=19$secret-hash'],
            new Error('connection reset'),
          );
        });
      },
    });
  });
  afterAll(() => t.close());

  it('never writes the Authorization header or a token query parameter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health?token=query-secret-1&x=1&access_token=query-secret-2',
      headers: { authorization: 'Bearer header-secret', cookie: 'refresh=cookie-secret' },
    });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });

    const text = logs.text();
    expect(text).toContain('/api/health?token=[REDACTED]&x=1&access_token=[REDACTED]');
    for (const secret of ['query-secret-1', 'query-secret-2', 'header-secret', 'cookie-secret']) {
      expect(text).not.toContain(secret);
    }
  });

  it('gives each request an id, returned in x-request-id and on its log lines', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    const id = response.headers[REQUEST_ID_HEADER];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('keeps a caller-supplied request id, unless it could forge log content', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { [REQUEST_ID_HEADER]: 'lb-1234.abc' },
    });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe('lb-1234.abc');

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { [REQUEST_ID_HEADER]: 'x"\n{"level":60}' },
    });
    expect(replaced.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a failed query without its parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/query-fails' });
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
    const line = logs.lines.find(
      (entry) => entry.reqId === response.headers[REQUEST_ID_HEADER] && entry.err,
    );
    expect(line?.err).toMatchObject({
      message: 'connection reset',
      query: expect.stringContaining('insert into users'),
    });
    expect(logs.text()).not.toContain('alice@example.org');
    expect(logs.text()).not.toContain('secret-hash');
  });
});
