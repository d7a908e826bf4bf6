import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths['/api/health'].get;
    expect(Object.keys(health.responses)).toEqual(['200', '503']);
    expect(health.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['status', 'database'],
    });
    // Internal catch-alls stay out of the document.
    expect(Object.keys(document.paths)).not.toContain('/*');
  });

  it('describes every real answer: 204 without a body, and the error shapes on every operation', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    const noContent = operations.filter(({ operation }) => operation.responses['204']);
    expect(noContent.length).toBeGreaterThanOrEqual(11);
    for (const { name, operation } of noContent) {
      expect(operation.responses['204'], name).not.toHaveProperty('content');
    }
    const statuses = (method: string, path: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statuses('delete', '/api/forums/forums/{id}/')).toEqual([
      '204',
      '400',
      '401',
      '403',
      '404',
      '429',
    ]);
    // Reading a list may be done signed out, but a stale token is refused.
    expect(statuses('get', '/api/forums/forums/')).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
    expect(statuses('get', '/api/forums/forums/')).not.toContain('429');
    // Every operation that takes input can be refused for it.
    for (const { name, operation } of operations.filter(({ name }) => name.includes('{'))) {
      expect(Object.keys(operation.responses), name).toEqual(
        expect.arrayContaining(['400', '404']),
      );
    }
    const deletion = document.paths['/api/forums/forums/{id}/']?.delete?.responses;
    expect(deletion?.['401']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/DetailError' } },
    });
    expect(document.components.schemas.DetailError).toMatchObject({
      type: 'object',
      required: ['detail'],
      properties: { detail: { type: 'string' } },
    });
    expect(document.components.schemas.FieldErrors).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    });
  });

  it('serves Swagger UI from this origin only, so it runs under the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    // Every script is a file from this origin: no inline code for the CSP to block.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\//);
      expect(inline?.trim()).toBe('');
    }
    for (const [, attributes] of scripts) {
      const src = attributes?.match(/src="([^"]+)"/)?.[1] ?? '';
      const script = await t.app.inject({ method: 'GET', url: src });
      expect(script.statusCode, src).toBe(200);
    }
  });
});
