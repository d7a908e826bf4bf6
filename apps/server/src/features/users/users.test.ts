import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { users } from './users.tables';

/** Test-only route: the accounts feature adds the real sign-up. */
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    { schema: { body: z.object({ username: z.string(), email: z.string() }) } },
    async (request, reply) => {
      const [user] = await app.db.insert(users).values(request.body).returning({ id: users.id });
      return reply.code(201).send(user);
    },
  );
};

describe('users table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app: FastifyInstance) => app.register(testRoutes, { prefix: '/api/test' }),
    });
  });
  afterAll(() => t.close());

  const signUp = (username: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/test/users', payload: { username, email } });

  it('numbers users and fills in the defaults', async () => {
    const response = await signUp('Alice', 'Alice@Example.org');
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    expect(id).toBeTypeOf('number');

    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ username: 'Alice', passwordHash: null, role: 'member' });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.updatedAt.getTime()).toBe(row?.createdAt.getTime());
  });

  it('refuses a username that differs only in case, naming the field', async () => {
    const response = await signUp('ALICE', 'someone-else@example.org');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['This username is already taken.'] });
  });

  it('refuses an e-mail address that differs only in case, naming the field', async () => {
    const response = await signUp('alice2', 'alice@EXAMPLE.org');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['This email is already taken.'] });
    expect(await t.db.$count(users)).toBe(1);
  });

  it('stamps updated_at on change', async () => {
    const [before] = await t.db.select().from(users);
    const [after] = await t.db
      .update(users)
      .set({ role: 'moderator' })
      .where(eq(users.id, before?.id ?? 0))
      .returning();
    expect(after?.role).toBe('moderator');
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
  });
});
