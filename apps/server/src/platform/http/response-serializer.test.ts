import { ZDiscussionPage } from '@agora/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const ZCard = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  owner: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  tags: z.array(z.string()),
  at: z.iso.datetime({ offset: true }).nullable(),
});

const ZEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('liked'), count: z.number().int() }),
  z.object({ type: z.literal('renamed'), name: z.string() }),
]);

/** Not expressible in JSON Schema: zod's encoder writes it. */
const ZDated = z.object({ at: z.date() });

const discussion = {
  id: 7,
  title: 'Sourdough starters',
  content: 'Feed it **twice** a day.',
  tags: ['baking'],
  status: 'published',
  author: { id: 3, username: 'ada', avatar: null, email: 'ada@example.com' },
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  editedAt: '2026-11-24T11:00:00.000Z',
  likesCount: 2,
  commentsCount: 1,
  viewsCount: 9,
  isLiked: true,
  isBookmarked: false,
  hasAudio: false,
  pollChoices: [{ id: 1, text: 'Rye', votesCount: 4, isVoted: true, voters: [3] }],
  searchVector: "'sourdough':1",
};

describe('response serializer', () => {
  let app: FastifyInstance;
  let answer: unknown;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    // The handlers send whatever the test puts in `answer`, as a handler with a bug might.
    routes.get('/card', { schema: { response: { 200: ZCard } } }, () => answer as never);
    routes.get('/event', { schema: { response: { 200: ZEvent } } }, () => answer as never);
    routes.get('/dated', { schema: { response: { 200: ZDated } } }, () => answer as never);
    routes.get('/page', { schema: { response: { 200: ZDiscussionPage } } }, () => answer as never);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string, body: unknown) => {
    answer = body;
    return app.inject({ method: 'GET', url });
  };

  it('writes only the declared fields, at every depth', async () => {
    const response = await get('/card', {
      id: 1,
      name: 'Ada',
      avatar: '/media/a.webp',
      owner: { id: 2, username: 'bob', passwordHash: 'secret' },
      tags: ['x'],
      at: '2026-11-24T10:00:00.000Z',
      email: 'ada@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 1,
      name: 'Ada',
      avatar: '/media/a.webp',
      owner: { id: 2, username: 'bob' },
      tags: ['x'],
      at: '2026-11-24T10:00:00.000Z',
    });
  });

  const bare = { id: 1, name: 'Ada', avatar: null, owner: null, tags: [], at: null };

  it('writes null for nullable fields, objects included', async () => {
    expect((await get('/card', bare)).json()).toEqual(bare);
  });

  it('fails the response when a required field is missing or of the wrong type', async () => {
    const { name: _name, ...nameless } = bare;
    const missing = await get('/card', nameless);
    expect(missing.statusCode).toBe(500);
    expect((await get('/card', { ...bare, avatar: { url: 'x' } })).statusCode).toBe(500);
  });

  it('writes each member of a union with its own fields', async () => {
    expect((await get('/event', { type: 'liked', count: 3, name: 'x' })).json()).toEqual({
      type: 'liked',
      count: 3,
    });
    expect((await get('/event', { type: 'renamed', name: 'Bo', count: 3 })).json()).toEqual({
      type: 'renamed',
      name: 'Bo',
    });
  });

  it('leaves a schema JSON Schema cannot express to zod', async () => {
    const response = await get('/dated', { at: new Date('2026-11-24T10:00:00Z'), extra: 1 });
    expect(response.json()).toEqual({ at: '2026-11-24T10:00:00.000Z' });
  });

  it('writes a discussion page as zod would', async () => {
    const page = { results: [discussion, { ...discussion, id: 8, editedAt: null }], next: 'c' };
    const response = await get('/page', page);
    expect(response.json()).toEqual(z.encode(ZDiscussionPage, page as never));
    expect(response.body).not.toContain('ada@example.com');
    expect(response.body).not.toContain('searchVector');
    expect(response.body).not.toContain('voters');
  });
});
