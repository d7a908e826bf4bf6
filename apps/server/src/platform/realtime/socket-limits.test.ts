import {
  WS_CLOSE_TOO_FAST,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_SOCKETS_PER_MEMBER_MAX,
} from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { openSocket, pause, type TestSocket } from '../../../test/chat';
import { buildApp } from '../../app';
import {
  INSTANCE_STOPPED_TOPIC,
  pastLimit,
  SOCKET_CLOSED_TOPIC,
  SOCKET_OPENED_TOPIC,
} from './member-sockets';

describe('limits on live sockets', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createTestApp();
    [ada, bob] = await Promise.all([signUp(t, 'ada'), signUp(t, 'bob')]);
  });
  afterAll(() => t.close());

  const openFor = async (member: Member) => {
    const socket = await openSocket(t.app, member.access);
    await socket.next((message) => message.type === 'total_chat');
    return socket;
  };

  it(`keeps ${WS_SOCKETS_PER_MEMBER_MAX} sockets per member, closing the oldest with a code that says why`, async () => {
    const bobs = await openFor(bob);
    const sockets: TestSocket[] = [];
    for (let index = 0; index < WS_SOCKETS_PER_MEMBER_MAX; index += 1) {
      sockets.push(await openFor(ada));
    }
    const newest = await openFor(ada);
    const [oldest, ...rest] = sockets;
    await expect(oldest?.closed).resolves.toEqual({
      code: WS_CLOSE_TOO_MANY_SOCKETS,
      reason: expect.stringContaining('Too many live connections'),
    });
    await pause(100);
    for (const socket of [...rest, newest, bobs]) {
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    }
    for (const socket of [...rest, newest, bobs]) socket.socket.close();
  });

  it('closes a socket whose client sends faster than it may', async () => {
    const socket = await openFor(ada);
    for (let index = 0; index < 150; index += 1) socket.socket.send('{"type":"noise"}');
    await expect(socket.closed).resolves.toEqual({
      code: WS_CLOSE_TOO_FAST,
      reason: expect.stringContaining('Too many messages'),
    });
  });

  it('refuses a message larger than 64 KB', async () => {
    const socket = await openFor(ada);
    socket.socket.send('x'.repeat(64 * 1024 + 1));
    expect((await socket.closed).code).toBe(1009);
  });
});

describe('the per-member socket limit across instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp();
    second = buildApp(first.config, {
      database: { db: first.db, migrate: async () => {}, close: async () => {} },
    });
    await second.ready();
    // Each hears the other's socket events, as Redis would deliver them; an event passed on
    // once is not passed back.
    const passed = new Set<string>();
    for (const [from, to] of [
      [first.app, second],
      [second, first.app],
    ] as const) {
      for (const topic of [SOCKET_OPENED_TOPIC, SOCKET_CLOSED_TOPIC, INSTANCE_STOPPED_TOPIC]) {
        await from.bus.subscribe(topic, async (payload) => {
          const seen = `${topic} ${JSON.stringify(payload)}`;
          if (passed.has(seen)) return;
          passed.add(seen);
          await to.bus.publish(topic, payload);
        });
      }
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const openOn = async (app: FastifyInstance, member: Member) => {
    const socket = await openSocket(app, member.access);
    await socket.next((message) => message.type === 'total_chat');
    return socket;
  };

  it('closes the oldest socket of a member on whichever instance holds it', async () => {
    const cy = await signUp(first, 'cyd');
    const onFirst: TestSocket[] = [];
    for (let index = 0; index < WS_SOCKETS_PER_MEMBER_MAX / 2; index += 1) {
      onFirst.push(await openOn(first.app, cy));
      await pause(2);
    }
    const onSecond: TestSocket[] = [];
    for (let index = 0; index < WS_SOCKETS_PER_MEMBER_MAX / 2; index += 1) {
      onSecond.push(await openOn(second, cy));
      await pause(2);
    }
    await first.app.bus.idle();
    await second.bus.idle();
    // The cluster holds the limit exactly; one more closes the very first, on the first instance.
    const extra = await openOn(second, cy);
    await expect(onFirst[0]?.closed).resolves.toEqual({
      code: WS_CLOSE_TOO_MANY_SOCKETS,
      reason: expect.stringContaining('Too many live connections'),
    });
    await pause(100);
    for (const socket of [...onFirst.slice(1), ...onSecond, extra]) {
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    }
    for (const socket of [...onFirst, ...onSecond, extra]) socket.socket.close();
  });
});

describe('pastLimit', () => {
  it('names the oldest marks past the limit, ties broken by key', () => {
    const marks = [
      { key: 'b:1', openedAt: 5 },
      { key: 'a:1', openedAt: 5 },
      { key: 'a:2', openedAt: 9 },
      { key: 'c:1', openedAt: 1 },
    ];
    expect(pastLimit(marks, 2)).toEqual(new Set(['c:1', 'a:1']));
    expect(pastLimit(marks, 4)).toEqual(new Set());
  });
});
