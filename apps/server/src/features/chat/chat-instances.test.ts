import { WS_CLOSE_UNAUTHORIZED, type SocketMessage } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { openSocket, sendChatMessage, startChat } from '../../../test/chat';
import { as } from '../../../test/forums';
import { silentLogger } from '../../../test/test-database';
import { buildApp } from '../../app';
import { connectPostgres } from '../../platform/db';

const twoInstances = Boolean(process.env.REDIS_URL) && process.env.AGORA_TEST_DB === 'postgres';
const isChatMessage = (message: SocketMessage) => message.type === 'chat_message';

/**
 * Two app instances on one PostgreSQL database and one Redis. It needs both servers, so it runs
 * in the postgres project (TEST_DATABASE_URL) with REDIS_URL set and is skipped otherwise.
 */
describe.runIf(twoInstances)('chat across two instances (PostgreSQL and Redis)', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp({
      config: { redisUrl: process.env.REDIS_URL, authRateLimitMax: 1000 },
    });
    second = buildApp(first.config, {
      database: connectPostgres(first.config.databaseUrl ?? '', silentLogger),
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("delivers a message sent through one instance to the recipient's socket on the other", async () => {
    const [ada, bob] = [await signUp(first, 'ada'), await signUp(first, 'bob')];
    const bobOnSecond = await openSocket(second, bob.access);
    const adaOnSecond = await openSocket(second, ada.access);
    expect(await bobOnSecond.next()).toEqual({ type: 'total_chat', total_chat: 0 });
    await adaOnSecond.next();

    const chat = await startChat(first, ada, bob, 'Through instance one');
    expect(await bobOnSecond.next(isChatMessage)).toMatchObject({
      chatId: chat.chatId,
      message: 'Through instance one',
      unreadchat: 1,
      user: ada.user.id,
    });
    const reply = await sendChatMessage(first, bob, chat.chatId, 'Reply');
    const replyEvent = await adaOnSecond.next(
      (message) => isChatMessage(message) && message.message === 'Reply',
    );
    expect(replyEvent).toMatchObject({ id: reply.id, unreadchat: 1, user: bob.user.id });
    const stored = await second.inject({
      method: 'GET',
      url: `/api/chats/chat-list/${chat.chatId}/messages_list/`,
      headers: { authorization: `Bearer ${ada.access}` },
    });
    expect(stored.json().results.map((m: { message: string }) => m.message)).toEqual([
      'Reply',
      'Through instance one',
    ]);
    bobOnSecond.socket.close();
    adaOnSecond.socket.close();
  });

  it('closes a socket on the other instance within a second of its session signing out', async () => {
    const cat = await signUp(first, 'cat');
    const socket = await openSocket(second, cat.access);
    await socket.next();
    const started = Date.now();
    const logout = await as(first, cat).post('/auth/logout/', { refresh_token: cat.refresh });
    expect(logout.statusCode).toBe(204);
    expect((await socket.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
