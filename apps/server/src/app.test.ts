import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app';

describe('routing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app: FastifyInstance) => {
        app.get('/api/test/with-slash/', async () => ({ declared: 'with slash' }));
      },
    });
  });
  afterAll(() => t.close());

  it.each(['/api/health', '/api/health/'])(
    'answers %s with and without the trailing slash',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    },
  );

  it.each(['/api/test/with-slash', '/api/test/with-slash/'])(
    'answers %s for a route declared with the slash',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ declared: 'with slash' });
    },
  );

  it('decorates the app with its platform services', () => {
    expect(t.app.config).toBe(t.config);
    for (const name of ['db', 'bus', 'mail', 'storage'] as const) expect(t.app[name]).toBeDefined();
  });
});
