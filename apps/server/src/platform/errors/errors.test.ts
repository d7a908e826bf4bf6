import { API_MESSAGES, JSON_BODY_MAX_BYTES } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';
import { AppError } from './app-error';

const ZItem = z.object({
  title: z.string().min(3),
  tags: z.array(z.string().max(5)).max(3),
  author: z.object({ name: z.string() }).optional(),
});

// Created by the test itself: constraint errors of any table, not only of today's features.
const testOwners = pgTable('test_owners', { id: integer('id').primaryKey() });
const testThings = pgTable('test_things', {
  name: text('name').notNull().unique(),
  code: varchar('code', { length: 20 }),
  ownerId: integer('owner_id').references(() => testOwners.id),
});

/** Test-only routes: they exist on this test app instance, never in production code. */
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/items', { schema: { body: ZItem } }, async (request) => ({
    saved: request.body.title,
  }));
  app.post('/empty', { schema: { body: z.object({}).strict() } }, async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('secret detail: connection string postgres://admin:hunter2@db');
  });
  app.get(
    '/app-error/:code',
    { schema: { params: z.object({ code: z.string() }) } },
    async (request) => {
      const { code } = request.params;
      if (code === 'fields')
        throw AppError.fields({ username: ['This username is already taken.'] });
      if (code === 'validation') throw new AppError('validation', 'Pick a date in the future.');
      if (code === 'forbidden')
        throw new AppError('forbidden', 'Only the author can edit this post.');
      throw new AppError('not_found');
    },
  );
  app.post(
    '/things',
    {
      schema: {
        body: z.object({ name: z.string(), code: z.string().optional(), ownerId: z.number() }),
      },
    },
    async (request) => {
      await app.db.insert(testThings).values(request.body);
      return { ok: true };
    },
  );
  app.delete(
    '/owners/:id',
    { schema: { params: z.object({ id: z.coerce.number() }) } },
    async (request) => {
      await app.db.delete(testOwners).where(eq(testOwners.id, request.params.id));
      return { ok: true };
    },
  );
};

describe('error responses', () => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await createTestApp({
      logStream: logs.stream,
      setup: (app: FastifyInstance) => app.register(testRoutes, { prefix: '/api/test' }),
    });
    await t.db.execute(sql`create table test_owners (id int primary key)`);
    await t.db.execute(
      sql`create table test_things (name text not null unique, code varchar(20), owner_id int references test_owners (id))`,
    );
    await t.db.execute(sql`create unique index on test_things (lower(code))`);
    await t.db.insert(testOwners).values({ id: 1 });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON with a nonFieldErrors message', async () => {
    const response = await post('/api/test/items', '{"title": "abc",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ nonFieldErrors: [API_MESSAGES.malformedJson] });
  });

  it('reads an empty JSON body as an empty object', async () => {
    const response = await post('/api/test/empty', '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('names each invalid field by its dotted path', async () => {
    const response = await post(
      '/api/test/items',
      JSON.stringify({ title: 'ab', tags: ['ok', 'too long'], author: {} }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title: [expect.stringContaining('3')],
      'tags.1': [expect.stringContaining('5')],
      'author.name': ['This field is required.'],
    });
  });

  it('puts errors about the body as a whole under nonFieldErrors', async () => {
    const response = await post('/api/test/items', '[1, 2]');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ nonFieldErrors: [expect.stringContaining('object')] });
  });

  it.each(['/api/nothing-here', '/api/', '/auth/unknown/', '/auth'])(
    'answers JSON 404 for the unknown path %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: API_MESSAGES.notFound });
    },
  );

  it('answers 405 with an Allow header for a known path and the wrong method', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/test/items/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual({ detail: API_MESSAGES.methodNotAllowed });
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const payload = JSON.stringify({ title: 'x'.repeat(JSON_BODY_MAX_BYTES), tags: [] });
    const response = await post('/api/test/items', payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: API_MESSAGES.payloadTooLarge });
  });

  it.each(['text/plain', 'application/xml'])('answers 415 for a %s body', async (contentType) => {
    const response = await post('/api/test/items', 'title=abc', contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: API_MESSAGES.unsupportedMediaType });
  });

  it('hides an unexpected error behind a 500 and logs it with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: API_MESSAGES.internal });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('errors.test');

    const requestId = response.headers['x-request-id'];
    const line = logs.lines.find((entry) => entry.reqId === requestId && entry.level === 50);
    expect(line).toMatchObject({
      msg: 'request failed',
      err: { message: expect.stringContaining('secret') },
    });
  });

  it.each([
    ['fields', 400, { username: ['This username is already taken.'] }],
    ['validation', 400, { nonFieldErrors: ['Pick a date in the future.'] }],
    ['forbidden', 403, { detail: 'Only the author can edit this post.' }],
    ['not_found', 404, { detail: API_MESSAGES.notFound }],
  ])('turns AppError %s into %i', async (code, status, body) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/test/app-error/${code}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('answers a unique violation with a 400 naming the field', async () => {
    expect(
      (await post('/api/test/things', JSON.stringify({ name: 'lamp', ownerId: 1 }))).statusCode,
    ).toBe(200);
    const response = await post('/api/test/things', JSON.stringify({ name: 'lamp', ownerId: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ['This name is already taken.'] });
    expect(await t.db.$count(testThings, eq(testThings.name, 'lamp'))).toBe(1);
  });

  it('names the column behind a case-insensitive unique index', async () => {
    const first = await post(
      '/api/test/things',
      JSON.stringify({ name: 'a', code: 'AB', ownerId: 1 }),
    );
    expect(first.statusCode).toBe(200);
    const response = await post(
      '/api/test/things',
      JSON.stringify({ name: 'b', code: 'ab', ownerId: 1 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ['This code is already taken.'] });
  });

  it('answers a reference to a missing row with a 400 naming the field', async () => {
    const response = await post('/api/test/things', JSON.stringify({ name: 'desk', ownerId: 99 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ owner_id: ['This object does not exist.'] });
  });

  it('answers deleting a row still referenced with a nonFieldErrors 400', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/test/owners/1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      nonFieldErrors: ['This object is still in use and cannot be deleted.'],
    });
    expect(await t.db.$count(testOwners)).toBe(1);
  });
});
