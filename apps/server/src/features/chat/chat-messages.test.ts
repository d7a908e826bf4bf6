import type { ChatMessagePage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { CHATS, sendChatMessage, startChat } from '../../../test/chat';
import { as, countRows } from '../../../test/forums';

let t: TestApp & { clock: TestClock };
let ada: Member;
let bob: Member;
let eve: Member;
let gone: Member;

beforeAll(async () => {
  t = await createAccountsTestApp();
  [ada, bob, eve, gone] = [
    await signUp(t, 'ada'),
    await signUp(t, 'bob'),
    await signUp(t, 'eve'),
    await signUp(t, 'gone'),
  ];
  await t.db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
});
afterAll(() => t.close());

const chatRows = async () => ({
  chats: await countRows(t, 'chats'),
  members: await countRows(t, 'chat_members'),
  messages: await countRows(t, 'chat_messages'),
});

async function memberRow(chatId: number, member: Member) {
  const { rows } = await t.db.execute<{ last_read: number; hidden: boolean }>(
    sql`select last_read_message_id::int as last_read, hidden_at is not null as hidden
        from chat_members where chat_id = ${chatId} and user_id = ${member.user.id}`,
  );
  return rows[0];
}

describe('POST /api/chats/chat-list/ (start a chat)', () => {
  it('starts a chat with a first message and answers with the entry as the sender sees it', async () => {
    const response = await as(t, ada).post(`${CHATS}/`, {
      member: bob.user.id,
      newmessage: 'Hello Bob!',
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json();
    expect(entry).toEqual({
      chatId: expect.any(Number),
      chatmessage: { message: 'Hello Bob!', createdAt: expect.any(String), sender: ada.user.id },
      displayName: 'bob',
      chatProfile: null,
      userId: [bob.user.id],
      blockedByMe: 'False',
      isBlocked: 'False',
      chatViewed: true,
    });
    const { rows } = await t.db.execute<{ low: number; high: number; content: string }>(
      sql`select c.low_member_id::int as low, c.high_member_id::int as high, m.content
          from chats c join chat_messages m on m.id = c.last_message_id where c.id = ${entry.chatId}`,
    );
    expect(rows).toEqual([
      {
        low: Math.min(ada.user.id, bob.user.id),
        high: Math.max(ada.user.id, bob.user.id),
        content: 'Hello Bob!',
      },
    ]);
    expect(await memberRow(entry.chatId, bob)).toEqual({ last_read: 0, hidden: false });
  });

  it('adds to the existing chat of the pair, whoever starts it', async () => {
    const first = await startChat(t, ada, eve, 'One');
    const before = await chatRows();
    const again = await startChat(t, eve, ada, 'Two');
    expect(again.chatId).toBe(first.chatId);
    expect(again.chatmessage).toMatchObject({ message: 'Two', sender: eve.user.id });
    expect(await chatRows()).toEqual({ ...before, messages: before.messages + 1 });
  });

  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['no member', () => ({ newmessage: 'Hi' }), 'member', 'Send the member as a numeric id.'],
    [
      'a username',
      () => ({ member: 'bob', newmessage: 'Hi' }),
      'member',
      'Send the member as a numeric id.',
    ],
    [
      'member 0',
      () => ({ member: 0, newmessage: 'Hi' }),
      'member',
      'Send the member as a numeric id.',
    ],
    [
      'yourself',
      () => ({ member: ada.user.id, newmessage: 'Hi' }),
      'member',
      'Choose another member; you cannot chat with yourself.',
    ],
    [
      'an unknown member',
      () => ({ member: 999_999, newmessage: 'Hi' }),
      'member',
      'This member does not exist or has left Agora.',
    ],
    [
      'a deleted member',
      () => ({ member: gone.user.id, newmessage: 'Hi' }),
      'member',
      'This member does not exist or has left Agora.',
    ],
    ['no message', () => ({ member: bob.user.id }), 'newmessage', 'Write the message as text.'],
    [
      'a blank message',
      () => ({ member: bob.user.id, newmessage: '   ' }),
      'newmessage',
      'Write a message before sending.',
    ],
    [
      '5,001 characters',
      () => ({ member: bob.user.id, newmessage: 'x'.repeat(5001) }),
      'newmessage',
      'Keep a message to 5,000 characters or fewer.',
    ],
  ];
  it.each(cases)(
    'refuses %s naming the field, writing nothing',
    async (_, body, field, message) => {
      const before = await chatRows();
      const response = await as(t, ada).post(`${CHATS}/`, body());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ [field]: [message] });
      expect(await chatRows()).toEqual(before);
    },
  );

  it('accepts a message of exactly 5,000 characters', async () => {
    const entry = await startChat(t, bob, eve, 'y'.repeat(5000));
    expect(entry.chatmessage.message).toHaveLength(5000);
  });

  it('answers 401 without a token', async () => {
    const before = await chatRows();
    const response = await as(t, null).post(`${CHATS}/`, { member: bob.user.id, newmessage: 'Hi' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await chatRows()).toEqual(before);
  });
});

describe('POST {chatid}/send_messages/', () => {
  it('stores the message before answering, marks the chat read for the sender only', async () => {
    const chat = await startChat(t, ada, bob, 'Ping');
    const response = await as(t, bob).post(`${CHATS}/${chat.chatId}/send_messages/`, {
      newmessage: 'Pong',
    });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json();
    expect(message).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      chatId: chat.chatId,
      message: 'Pong',
      user: bob.user.id,
      userProfile: null,
      read: false,
    });
    const { rows } = await t.db.execute<{ content: string; sender: number }>(
      sql`select content, sender_id::int as sender from chat_messages where id = ${message.id}`,
    );
    expect(rows).toEqual([{ content: 'Pong', sender: bob.user.id }]);
    expect(await memberRow(chat.chatId, bob)).toEqual({ last_read: message.id, hidden: false });
    expect((await memberRow(chat.chatId, ada))?.last_read).toBeLessThan(message.id);
  });

  it('stores every acknowledged message when both members send at once', async () => {
    const chat = await startChat(t, eve, bob, 'Start');
    const before = await countRows(t, 'chat_messages', sql`chat_id = ${chat.chatId}`);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        as(t, index % 2 ? eve : bob).post(`${CHATS}/${chat.chatId}/send_messages/`, {
          newmessage: `Burst ${index}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const ids = responses.map((response) => response.json<{ id: number }>().id);
    const { rows } = await t.db.execute<{ last: number; count: number }>(
      sql`select c.last_message_id::int as last,
                 (select count(*)::int from chat_messages m where m.chat_id = c.id) as count
          from chats c where c.id = ${chat.chatId}`,
    );
    expect(rows).toEqual([{ last: Math.max(...ids), count: before + 20 }]);
  });

  it.each([
    ['no message', {}, 'newmessage', 'Write the message as text.'],
    ['a number', { newmessage: 42 }, 'newmessage', 'Write the message as text.'],
    ['an empty message', { newmessage: '' }, 'newmessage', 'Write a message before sending.'],
    [
      '5,001 characters',
      { newmessage: 'z'.repeat(5001) },
      'newmessage',
      'Keep a message to 5,000 characters or fewer.',
    ],
  ])('refuses %s naming the field, writing nothing', async (_, body, field, message) => {
    const chat = await startChat(t, ada, bob);
    const before = await chatRows();
    const response = await as(t, ada).post(`${CHATS}/${chat.chatId}/send_messages/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
    expect(await chatRows()).toEqual(before);
  });

  it('refuses a chat id that is not a number', async () => {
    const response = await as(t, ada).post(`${CHATS}/abc/send_messages/`, { newmessage: 'Hi' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ chatid: ['Use a numeric chat id.'] });
  });

  it('answers 404 to a member who is not in the chat, and for a chat that does not exist', async () => {
    const chat = await startChat(t, ada, bob);
    const before = await chatRows();
    for (const url of [
      `${CHATS}/${chat.chatId}/send_messages/`,
      `${CHATS}/999999/send_messages/`,
    ]) {
      const response = await as(t, eve).post(url, { newmessage: 'Let me in' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: 'This chat does not exist or you are not one of its members.',
      });
    }
    expect(await chatRows()).toEqual(before);
  });

  it('refuses to send to a member who has left', async () => {
    const [joe, max] = [await signUp(t, 'joe'), await signUp(t, 'max')];
    const chat = await startChat(t, joe, max);
    await t.db.execute(sql`update users set deleted_at = now() where id = ${max.user.id}`);
    const before = await chatRows();
    const response = await as(t, joe).post(`${CHATS}/${chat.chatId}/send_messages/`, {
      newmessage: 'Still there?',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'This member has left Agora; messages can no longer be sent to them.',
    });
    expect(await chatRows()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const chat = await startChat(t, ada, bob);
    const before = await chatRows();
    const response = await as(t, null).post(`${CHATS}/${chat.chatId}/send_messages/`, {
      newmessage: 'Hi',
    });
    expect(response.statusCode).toBe(401);
    expect(await chatRows()).toEqual(before);
  });
});

describe('GET {chatid}/messages_list/', () => {
  let chatId: number;
  let sent: number[];
  let readers: { kim: Member; lou: Member };
  beforeAll(async () => {
    const [kim, lou] = [await signUp(t, 'kim'), await signUp(t, 'lou')];
    chatId = (await startChat(t, kim, lou, 'm1')).chatId;
    sent = [];
    for (const [from, text] of [
      [lou, 'm2'],
      [kim, 'm3'],
      [lou, 'm4'],
      [kim, 'm5'],
    ] as const) {
      sent.push((await sendChatMessage(t, from, chatId, text)).id);
    }
    readers = { kim, lou };
  });

  it('lists messages newest first in keyset pages, with read flags for the recipient', async () => {
    const first = await as(t, readers.kim).get(`${CHATS}/${chatId}/messages_list/?limit=3`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<ChatMessagePage>();
    expect(page.results.map((m) => m.message)).toEqual(['m5', 'm4', 'm3']);
    // Lou read everything up to m4 (her own send); Kim read up to m5.
    expect(page.results.map((m) => m.read)).toEqual([false, true, true]);
    expect(page.next).toEqual(expect.any(String));
    const second = await as(t, readers.kim).get(
      `${CHATS}/${chatId}/messages_list/?limit=3&cursor=${page.next}`,
    );
    const rest = second.json<ChatMessagePage>();
    expect(rest.results.map((m) => m.message)).toEqual(['m2', 'm1']);
    expect(rest.next).toBeNull();
    expect(await countRows(t, 'chat_messages', sql`chat_id = ${chatId}`)).toBe(5);
  });

  it('reads a page in a fixed number of queries', async () => {
    const queries = await t.countQueries(() =>
      as(t, readers.lou).get(`${CHATS}/${chatId}/messages_list/?limit=50`),
    );
    expect(queries).toBeLessThanOrEqual(3);
  });

  it('refuses a cursor it did not make and a limit out of range', async () => {
    const cursor = await as(t, readers.kim).get(`${CHATS}/${chatId}/messages_list/?cursor=bogus`);
    expect(cursor.statusCode).toBe(400);
    expect(Object.keys(cursor.json())).toEqual(['cursor']);
    const limit = await as(t, readers.kim).get(`${CHATS}/${chatId}/messages_list/?limit=0`);
    expect(limit.statusCode).toBe(400);
    expect(Object.keys(limit.json())).toEqual(['limit']);
  });

  it('answers 404 to a member who is not in the chat and 401 without a token', async () => {
    const outsider = await as(t, eve).get(`${CHATS}/${chatId}/messages_list/`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ detail: expect.stringContaining('not one of its members') });
    const anonymous = await as(t, null).get(`${CHATS}/${chatId}/messages_list/`);
    expect(anonymous.statusCode).toBe(401);
    expect(sent).toHaveLength(4);
  });
});
