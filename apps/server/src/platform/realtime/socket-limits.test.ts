import {
  WS_CLOSE_TOO_FAST,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_SOCKETS_PER_MEMBER_MAX,
} from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { openSocket, pause, type TestSocket } from '../../../test/chat';

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
