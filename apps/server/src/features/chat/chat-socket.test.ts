import type { AddressInfo } from 'node:net';
import {
  CHAT_SOCKET_PATH,
  NOTIFICATION_SOCKET_PATH,
  WS_CLOSE_UNAUTHORIZED,
  type SocketMessage,
} from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  createAccountsTestApp,
  logIn,
  signUp,
  type Member,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  CHATS,
  openSocket,
  pause,
  put,
  recordSocket,
  sendChatMessage,
  startChat,
  unreadChats,
} from '../../../test/chat';
import { as } from '../../../test/forums';
import { captureLogs } from '../../../test/log-capture';
import { REALTIME_DELIVERY_TOPIC } from '../../platform/realtime';

const isChatMessage = (message: SocketMessage) => message.type === 'chat_message';
const isTotal = (message: SocketMessage) => message.type === 'total_chat';

describe('the chat socket', () => {
  let t: TestApp & { clock: TestClock };
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createAccountsTestApp({ logStream: logs.stream });
  });
  afterAll(() => t.close());

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a token that is not ours', 'abc.def.ghi'],
  ])('closes with 4401 when opened with %s', async (_, token) => {
    const socket = await openSocket(t.app, token);
    expect(await socket.closed).toEqual({
      code: WS_CLOSE_UNAUTHORIZED,
      reason: 'Sign in again to receive live updates.',
    });
    expect(socket.received).toEqual([]);
  });

  it('closes with 4401 when the access token has expired', async () => {
    const member = await signUp(t, 'late');
    t.clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
    const socket = await openSocket(t.app, member.access);
    expect((await socket.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(socket.received).toEqual([]);
  });

  it("sends the member's unread count on connect", async () => {
    const [ada, bob] = [await signUp(t, 'ada'), await signUp(t, 'bob')];
    await startChat(t, ada, bob);
    const socket = await openSocket(t.app, bob.access);
    expect(await socket.next()).toEqual({ type: 'total_chat', total_chat: 1 });
    expect(await unreadChats(t, bob)).toBe(1);
    socket.socket.close();
  });

  it("delivers each message to every open tab of both members, with each one's unread count", async () => {
    const [cat, dan] = [await signUp(t, 'cat'), await signUp(t, 'dan')];
    const catTabs = [await openSocket(t.app, cat.access), await openSocket(t.app, cat.access)];
    const danSession = await logIn(t, 'dan');
    const danTabs = [
      await openSocket(t.app, dan.access),
      await openSocket(t.app, danSession.access),
    ];
    const outsider = await openSocket(t.app, (await signUp(t, 'eve')).access);
    const all = [...catTabs, ...danTabs, outsider];
    await Promise.all(all.map((tab) => tab.next(isTotal)));

    const chat = await startChat(t, cat, dan, 'Hi Dan');
    for (const tab of danTabs) {
      expect(await tab.next(isChatMessage)).toEqual({
        type: 'chat_message',
        chatId: chat.chatId,
        message: 'Hi Dan',
        unreadchat: 1,
        createdAt: chat.chatmessage.createdAt,
        user: cat.user.id,
        userProfile: null,
        id: expect.any(Number),
        displayName: 'cat',
        chatProfile: null,
      });
      expect(await tab.next(isTotal)).toEqual({ type: 'total_chat', total_chat: 1 });
    }
    for (const tab of catTabs) {
      expect(await tab.next(isChatMessage)).toMatchObject({
        chatId: chat.chatId,
        unreadchat: 0,
        displayName: 'dan',
        user: cat.user.id,
      });
    }

    const reply = await sendChatMessage(t, dan, chat.chatId, 'Hi Cat');
    for (const tab of [...catTabs, ...danTabs]) {
      expect(await tab.next(isChatMessage)).toMatchObject({ id: reply.id, message: 'Hi Cat' });
    }
    await pause(100);
    expect(outsider.received.filter(isChatMessage)).toEqual([]);
    for (const tab of all) tab.socket.close();
  });

  it("counts each member's other unread chats in a message's live copies, as the API does", async () => {
    const [ida, jon, kit, lea] = [
      await signUp(t, 'ida'),
      await signUp(t, 'jon'),
      await signUp(t, 'kit'),
      await signUp(t, 'lea'),
    ];
    // Ida has one unread chat besides hers with Jon, Jon two; Jon has read theirs.
    await startChat(t, kit, ida);
    await startChat(t, kit, jon);
    await startChat(t, lea, jon);
    const chat = await startChat(t, ida, jon);
    await put(t, jon, `${CHATS}/${chat.chatId}/read_chatmessages/`);
    await pause(100);
    const idaTab = await openSocket(t.app, ida.access);
    const jonTab = await openSocket(t.app, jon.access);
    expect(await idaTab.next(isTotal)).toEqual({ type: 'total_chat', total_chat: 1 });
    expect(await jonTab.next(isTotal)).toEqual({ type: 'total_chat', total_chat: 2 });

    const sent = await sendChatMessage(t, ida, chat.chatId, 'Read this');
    expect(await idaTab.next(isChatMessage)).toMatchObject({ id: sent.id, unreadchat: 1 });
    expect(await idaTab.next(isTotal)).toEqual({ type: 'total_chat', total_chat: 1 });
    expect(await jonTab.next(isChatMessage)).toMatchObject({ id: sent.id, unreadchat: 3 });
    expect(await jonTab.next(isTotal)).toEqual({ type: 'total_chat', total_chat: 3 });
    expect(await unreadChats(t, ida)).toBe(1);
    expect(await unreadChats(t, jon)).toBe(3);
    idaTab.socket.close();
    jonTab.socket.close();
  });

  it('sends the new unread count to every tab when the member reads or deletes a chat', async () => {
    const [fay, gus, hal] = [
      await signUp(t, 'fay'),
      await signUp(t, 'gus'),
      await signUp(t, 'hal'),
    ];
    const first = await startChat(t, gus, fay);
    const second = await startChat(t, hal, fay);
    // Let the live copies of those messages pass before the tabs open.
    await pause(100);
    const tabs = [await openSocket(t.app, fay.access), await openSocket(t.app, fay.access)];
    for (const tab of tabs) expect(await tab.next()).toEqual({ type: 'total_chat', total_chat: 2 });

    await put(t, fay, `${CHATS}/${first.chatId}/read_chatmessages/`);
    for (const tab of tabs) expect(await tab.next()).toEqual({ type: 'total_chat', total_chat: 1 });
    await as(t, fay).delete(`${CHATS}/${second.chatId}/`);
    for (const tab of tabs) expect(await tab.next()).toEqual({ type: 'total_chat', total_chat: 0 });
    expect(await unreadChats(t, fay)).toBe(0);
    for (const tab of tabs) tab.socket.close();
  });

  it('closes the sockets of a signed-out session within a second, and only those', async () => {
    const ian = await signUp(t, 'ian');
    const other = await logIn(t, 'ian');
    const [signedOut, kept] = [
      await openSocket(t.app, ian.access),
      await openSocket(t.app, other.access),
    ];
    await Promise.all([signedOut.next(), kept.next()]);
    const started = Date.now();
    const response = await as(t, ian).post('/auth/logout/', { refresh_token: ian.refresh });
    expect(response.statusCode, response.body).toBe(204);
    expect((await signedOut.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(Date.now() - started).toBeLessThan(1000);
    await pause(100);
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.close();
  });

  it("delivers only the messages of the socket's own path", async () => {
    const [joy, kim] = [await signUp(t, 'joy'), await signUp(t, 'kim')];
    const chat = await startChat(t, joy, kim);
    const socket = await openSocket(t.app, kim.access);
    await socket.next(isTotal);
    await t.app.realtime.sendToUser(kim.user.id, NOTIFICATION_SOCKET_PATH, {
      type: 'notification_count',
      notification_count: 3,
    });
    await sendChatMessage(t, joy, chat.chatId, 'Only on the chat socket');
    await socket.next(isChatMessage);
    expect(socket.received.map((message) => message.type)).not.toContain('notification_count');
    socket.socket.close();
  });

  it('refuses to publish a message that breaks its socket contract', async () => {
    const nobody = 999_999;
    const events: unknown[] = [];
    await t.app.bus.subscribe(REALTIME_DELIVERY_TOPIC, (payload) => {
      if (typeof payload === 'object' && payload !== null && 'userId' in payload) {
        if (payload.userId === nobody) events.push(payload);
      }
    });
    await expect(
      t.app.realtime.sendToUser(nobody, CHAT_SOCKET_PATH, { type: 'total_chat', total_chat: -1 }),
    ).rejects.toThrow();
    await pause(50);
    expect(events).toEqual([]);
  });

  it('keeps the token out of the logs', async () => {
    const lou = await signUp(t, 'lou');
    const socket = await openSocket(t.app, lou.access);
    await socket.next();
    socket.socket.close();
    await pause(50);
    expect(logs.text()).toContain('/ws/chats/?token=[REDACTED]');
    expect(logs.text()).not.toContain(lou.access);
  });
});

describe('socket keep-alive', () => {
  let t: TestApp;
  let member: Member;
  let base: string;
  beforeAll(async () => {
    t = await createAccountsTestApp({ config: { wsPingIntervalMs: 100 } });
    member = await signUp(t, 'mia');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/chats/`;
  });
  afterAll(() => t.close());

  const connect = (autoPong: boolean) => {
    const socket = recordSocket(new WebSocket(`${base}?token=${member.access}`, { autoPong }));
    return socket;
  };

  it('keeps a peer that answers pings and drops one that does not', async () => {
    const alive = connect(true);
    const dead = connect(false);
    await Promise.all([alive.next(), dead.next()]);
    let pings = 0;
    dead.socket.on('ping', () => {
      pings += 1;
    });
    const { code } = await dead.closed;
    // Terminated without a closing handshake.
    expect(code).toBe(1006);
    expect(pings).toBeGreaterThanOrEqual(1);
    await pause(350);
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
    expect(t.app.realtime.localConnections()).toBe(1);
    alive.socket.close();
  });
});
