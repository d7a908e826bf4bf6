import type { ChatListEntry } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { CHATS, openSocket, pause, startChat } from '../../../test/chat';
import { as, countRows } from '../../../test/forums';

let t: TestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const blocks = (blocker: Member, blocked: Member) =>
  countRows(
    t,
    'user_blocks',
    sql`blocker_id = ${blocker.user.id} and blocked_id = ${blocked.user.id}`,
  );

async function entryOf(member: Member, chatId: number): Promise<ChatListEntry | undefined> {
  const response = await as(t, member).get(`${CHATS}/`);
  return response.json<{ results: ChatListEntry[] }>().results.find((e) => e.chatId === chatId);
}

async function pair(a: string, b: string): Promise<[Member, Member, number]> {
  const [first, second] = [await signUp(t, a), await signUp(t, b)];
  return [first, second, (await startChat(t, first, second, 'Before the block')).chatId];
}

describe('POST {chatid}/chat_block/ and chat_unblock/', () => {
  it('blocks the other member: flags for both sides, and nobody can send either way', async () => {
    const [ada, bob, chatId] = await pair('ada', 'bob');
    const response = await as(t, ada).post(`${CHATS}/${chatId}/chat_block/`, {
      user_id: bob.user.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ chatId, blockedByMe: 'True', isBlocked: 'True' });
    expect(await blocks(ada, bob)).toBe(1);
    expect(await entryOf(bob, chatId)).toMatchObject({ blockedByMe: 'False', isBlocked: 'True' });

    const bobSocket = await openSocket(t.app, bob.access);
    const adaSocket = await openSocket(t.app, ada.access);
    await Promise.all([bobSocket.next(), adaSocket.next()]);
    const messagesBefore = await countRows(t, 'chat_messages', sql`chat_id = ${chatId}`);
    const fromAda = await as(t, ada).post(`${CHATS}/${chatId}/send_messages/`, {
      newmessage: 'Hi',
    });
    expect(fromAda.statusCode).toBe(403);
    expect(fromAda.json()).toEqual({
      detail: 'You have blocked this member; unblock them to send messages.',
    });
    const fromBob = await as(t, bob).post(`${CHATS}/${chatId}/send_messages/`, {
      newmessage: 'Hi',
    });
    expect(fromBob.statusCode).toBe(403);
    expect(fromBob.json()).toEqual({ detail: 'This member does not accept messages from you.' });
    const restart = await as(t, bob).post(`${CHATS}/`, { member: ada.user.id, newmessage: 'Hi' });
    expect(restart.statusCode).toBe(403);
    expect(await countRows(t, 'chat_messages', sql`chat_id = ${chatId}`)).toBe(messagesBefore);
    await pause(100);
    expect(bobSocket.received).toHaveLength(1);
    expect(adaSocket.received).toHaveLength(1);

    // Both still read the history.
    for (const member of [ada, bob]) {
      const history = await as(t, member).get(`${CHATS}/${chatId}/messages_list/`);
      expect(history.statusCode).toBe(200);
      expect(history.json().results.map((m: { message: string }) => m.message)).toEqual([
        'Before the block',
      ]);
    }
    bobSocket.socket.close();
    adaSocket.socket.close();
  });

  it('blocking again changes nothing', async () => {
    const [cat, dan, chatId] = await pair('cat', 'dan');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await as(t, cat).post(`${CHATS}/${chatId}/chat_block/`, {
        user_id: dan.user.id,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await blocks(cat, dan)).toBe(1);
  });

  it("unblocking lifts only the viewer's own block", async () => {
    const [eve, fay, chatId] = await pair('eve', 'fay');
    await as(t, eve).post(`${CHATS}/${chatId}/chat_block/`, { user_id: fay.user.id });
    await as(t, fay).post(`${CHATS}/${chatId}/chat_block/`, { user_id: eve.user.id });

    const first = await as(t, eve).post(`${CHATS}/chat_unblock/`, { chat_unblock_id: chatId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ chatId, blockedByMe: 'False', isBlocked: 'True' });
    expect(await blocks(eve, fay)).toBe(0);
    expect(await blocks(fay, eve)).toBe(1);
    const stillRefused = await as(t, eve).post(`${CHATS}/${chatId}/send_messages/`, {
      newmessage: 'Friends again?',
    });
    expect(stillRefused.statusCode).toBe(403);

    const second = await as(t, fay).post(`${CHATS}/chat_unblock/`, { chat_unblock_id: chatId });
    expect(second.json()).toMatchObject({ blockedByMe: 'False', isBlocked: 'False' });
    const sent = await as(t, eve).post(`${CHATS}/${chatId}/send_messages/`, {
      newmessage: 'Friends again?',
    });
    expect(sent.statusCode).toBe(201);
    expect(await entryOf(fay, chatId)).toMatchObject({
      isBlocked: 'False',
      chatmessage: { message: 'Friends again?' },
    });
  });

  it('refuses to block anyone but the other member of the chat, naming user_id', async () => {
    const [gus, hal, chatId] = await pair('gus', 'hal');
    const stranger = await signUp(t, 'ian');
    for (const [body, message] of [
      [{ user_id: stranger.user.id }, 'Choose the other member of this chat.'],
      [{ user_id: gus.user.id }, 'Choose the other member of this chat.'],
      [{}, 'Send the member as a numeric id.'],
      [{ user_id: 'hal' }, 'Send the member as a numeric id.'],
    ] as const) {
      const response = await as(t, gus).post(`${CHATS}/${chatId}/chat_block/`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ user_id: [message] });
    }
    const unblock = await as(t, gus).post(`${CHATS}/chat_unblock/`, { chat_unblock_id: 'x' });
    expect(unblock.statusCode).toBe(400);
    expect(unblock.json()).toEqual({ chat_unblock_id: ['Send the chat as a numeric id.'] });
    expect(await countRows(t, 'user_blocks', sql`blocker_id = ${gus.user.id}`)).toBe(0);
    expect(hal.user.id).not.toBe(stranger.user.id);
  });

  it('answers 404 to a member outside the chat and 401 without a token, blocking nothing', async () => {
    const [joy, kim, chatId] = await pair('joy', 'kim');
    const outsider = await signUp(t, 'lou');
    const block = await as(t, outsider).post(`${CHATS}/${chatId}/chat_block/`, {
      user_id: kim.user.id,
    });
    expect(block.statusCode).toBe(404);
    expect(block.json()).toEqual({ detail: expect.stringContaining('not one of its members') });
    await as(t, joy).post(`${CHATS}/${chatId}/chat_block/`, { user_id: kim.user.id });
    const unblock = await as(t, outsider).post(`${CHATS}/chat_unblock/`, {
      chat_unblock_id: chatId,
    });
    expect(unblock.statusCode).toBe(404);
    const anonymous = [
      await as(t, null).post(`${CHATS}/${chatId}/chat_block/`, { user_id: kim.user.id }),
      await as(t, null).post(`${CHATS}/chat_unblock/`, { chat_unblock_id: chatId }),
    ];
    expect(anonymous.map((response) => response.statusCode)).toEqual([401, 401]);
    expect(await countRows(t, 'user_blocks', sql`blocker_id = ${outsider.user.id}`)).toBe(0);
    expect(await blocks(joy, kim)).toBe(1);
  });
});

describe('a block set from the profile', () => {
  it('stops the chat both ways until it is lifted', async () => {
    const [max, ned, chatId] = await pair('max', 'ned');
    const blocked = await as(t, ned).post('/api/common/blocked-user/', { user_id: max.user.id });
    expect(blocked.statusCode).toBe(201);
    expect(await entryOf(max, chatId)).toMatchObject({ blockedByMe: 'False', isBlocked: 'True' });
    const refused = await as(t, max).post(`${CHATS}/${chatId}/send_messages/`, {
      newmessage: 'Hello?',
    });
    expect(refused.statusCode).toBe(403);
    const lifted = await t.app.inject({
      method: 'DELETE',
      url: '/api/common/blocked-user/',
      headers: { authorization: `Bearer ${ned.access}` },
      payload: { user_id: max.user.id },
    });
    expect(lifted.statusCode).toBe(200);
    const sent = await as(t, max).post(`${CHATS}/${chatId}/send_messages/`, {
      newmessage: 'Hello?',
    });
    expect(sent.statusCode).toBe(201);
    expect(await blocks(ned, max)).toBe(0);
  });
});
