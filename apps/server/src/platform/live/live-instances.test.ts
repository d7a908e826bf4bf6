import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion } from '../../../test/forums';
import { openLiveSocket } from '../../../test/live';
import { buildApp } from '../../app';
import { CONTENT_EVENTS } from '../content';

/**
 * Two app instances on one database, the second hearing the first's content events as Redis
 * would deliver them (the Redis bus itself is tested in platform/bus). A watcher connected to
 * one instance sees what members do through the other.
 */
describe('live counters across two instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createAccountsTestApp();
    // The first instance owns the database and closes it.
    second = buildApp(first.config, {
      database: { db: first.db, migrate: async () => {}, close: async () => {} },
    });
    await second.ready();
    await Promise.all(
      Object.values(CONTENT_EVENTS).map((topic) =>
        first.app.bus.subscribe(topic, (payload) => second.bus.publish(topic, payload)),
      ),
    );
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('sends a watcher on the second instance what members did through the first', async () => {
    const [ada, bob] = [await signUp(first, 'ada'), await signUp(first, 'bob')];
    const discussion = await postDiscussion(first, ada);
    const member = await openLiveSocket(second, ada.access);
    const visitor = await openLiveSocket(second);
    for (const socket of [member, visitor]) socket.subscribe('forum', discussion.id);
    for (const socket of [member, visitor]) {
      expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 0, commentsCount: 0 });
    }

    const liked = await as(first, bob).post('/api/forums/like/', {
      model: 'forum',
      id: discussion.id,
    });
    expect(liked.statusCode).toBe(200);
    for (const socket of [member, visitor]) {
      expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 1, commentsCount: 0 });
    }
    await postComment(first, bob, discussion.id);
    for (const socket of [member, visitor]) {
      expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 1, commentsCount: 1 });
      socket.socket.terminate();
    }
  });
});
