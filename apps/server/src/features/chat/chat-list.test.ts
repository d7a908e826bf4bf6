import type { ChatListPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { CHATS, put, sendChatMessage, startChat, unreadChats } from '../../../test/chat';
import { as, countRows } from '../../../test/forums';

let t: TestApp & { clock: TestClock };
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const names = (page: ChatListPage) => page.results.map((entry) => entry.displayName);

async function list(member: Member, query = ''): Promise<ChatListPage> {
  const response = await as(t, member).get(`${CHATS}/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatListPage>();
}

describe('GET /api/chats/chat-list/', () => {
  let ann: Member;
  let others: Member[];
  beforeAll(async () => {
    ann = await signUp(t, 'ann');
    others = [];
    for (const name of ['cat', 'dan', 'fay', 'gus']) {
      const other = await signUp(t, name);
      others.push(other);
      t.clock.advance(1000);
      await startChat(t, other, ann, `Hi Ann, ${name} here`);
    }
  });

  it('lists chats newest message first, and a new message moves its chat to the top', async () => {
    expect(names(await list(ann))).toEqual(['gus', 'fay', 'dan', 'cat']);
    t.clock.advance(1000);
    const cat = (await list(ann)).results.find((entry) => entry.displayName === 'cat');
    await sendChatMessage(t, ann, cat?.chatId ?? 0, 'Hello cat');
    const page = await list(ann);
    expect(names(page)).toEqual(['cat', 'gus', 'fay', 'dan']);
    expect(page.results[0]).toMatchObject({
      chatmessage: { message: 'Hello cat', sender: ann.user.id },
      userId: [others[0]?.user.id],
      chatViewed: true,
    });
    expect(page.results[1]?.chatViewed).toBe(false);
    expect(await countRows(t, 'chat_members', sql`user_id = ${ann.user.id}`)).toBe(4);
  });

  it('pages with a keyset cursor', async () => {
    const first = await list(ann, '?limit=3');
    expect(first.results).toHaveLength(3);
    const second = await list(ann, `?limit=3&cursor=${first.next}`);
    expect([...names(first), ...names(second)]).toEqual(['cat', 'gus', 'fay', 'dan']);
    expect(second.next).toBeNull();
  });

  it('reads the list and the unread count in a fixed number of queries', async () => {
    const listQueries = await t.countQueries(() => list(ann));
    const unreadQueries = await t.countQueries(() => unreadChats(t, ann));
    const [bea] = [await signUp(t, 'bea')];
    for (const other of others) await startChat(t, other, bea);
    // The first request of a session looks the session up; later ones use the cache.
    await list(bea);
    expect(await t.countQueries(() => list(bea))).toBe(listQueries);
    expect(await t.countQueries(() => unreadChats(t, bea))).toBe(unreadQueries);
    expect(listQueries).toBeLessThanOrEqual(2);
  });

  it('answers 401 without a token and 400 for a bad cursor', async () => {
    expect((await as(t, null).get(`${CHATS}/`)).statusCode).toBe(401);
    const response = await as(t, ann).get(`${CHATS}/?cursor=nonsense`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['cursor']);
  });
});

describe('GET search_chatllist/', () => {
  let ivy: Member;
  beforeAll(async () => {
    ivy = await signUp(t, 'ivy');
    const [jon, joy] = [await signUp(t, 'jon'), await signUp(t, 'joy_1')];
    await t.db.execute(
      sql`update users set first_name = 'Maria', last_name = 'Lopez' where id = ${jon.user.id}`,
    );
    await startChat(t, jon, ivy);
    await startChat(t, joy, ivy);
  });

  it("finds chats by the other member's username or full name, ignoring case", async () => {
    const search = async (q: string) => {
      const response = await as(t, ivy).get(
        `${CHATS}/search_chatllist/?q=${encodeURIComponent(q)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return names(response.json<ChatListPage>()).sort();
    };
    expect(await search('JO')).toEqual(['Maria Lopez', 'joy_1']);
    expect(await search('ia lo')).toEqual(['Maria Lopez']);
    expect(await search('y_')).toEqual(['joy_1']);
    expect(await search('%')).toEqual([]);
    expect(await search('')).toEqual(['Maria Lopez', 'joy_1']);
  });

  it('refuses a query longer than 150 characters and answers 401 without a token', async () => {
    const long = await as(t, ivy).get(`${CHATS}/search_chatllist/?q=${'a'.repeat(151)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ q: ['Search with at most 150 characters.'] });
    expect((await as(t, null).get(`${CHATS}/search_chatllist/?q=jo`)).statusCode).toBe(401);
  });
});

describe('GET user_chat_id/', () => {
  it("answers the viewer's chat with a member, and a null chat when there is none", async () => {
    const [kay, leo, max] = [
      await signUp(t, 'kay'),
      await signUp(t, 'leo'),
      await signUp(t, 'max'),
    ];
    const chat = await startChat(t, kay, leo);
    const found = await as(t, leo).get(`${CHATS}/user_chat_id/?user=${kay.user.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ chatId: chat.chatId, blockedByMe: 'False', isBlocked: 'False' });
    const none = await as(t, kay).get(`${CHATS}/user_chat_id/?user=${max.user.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ chatId: null, blockedByMe: 'False', isBlocked: 'False' });
    expect(await countRows(t, 'chats', sql`id = ${chat.chatId}`)).toBe(1);
  });

  it('says who blocked whom, with or without a chat, and changes nothing', async () => {
    const [nia, oto, pia] = [
      await signUp(t, 'nia'),
      await signUp(t, 'oto'),
      await signUp(t, 'pia'),
    ];
    const chat = await startChat(t, nia, oto);
    await as(t, nia).post(`${CHATS}/${chat.chatId}/chat_block/`, { user_id: oto.user.id });
    const blocker = await as(t, nia).get(`${CHATS}/user_chat_id/?user=${oto.user.id}`);
    expect(blocker.json()).toEqual({ chatId: chat.chatId, blockedByMe: 'True', isBlocked: 'True' });
    const blocked = await as(t, oto).get(`${CHATS}/user_chat_id/?user=${nia.user.id}`);
    expect(blocked.json()).toEqual({
      chatId: chat.chatId,
      blockedByMe: 'False',
      isBlocked: 'True',
    });

    const profileBlock = await as(t, pia).post('/api/common/blocked-user/', {
      user_id: nia.user.id,
    });
    expect(profileBlock.statusCode, profileBlock.body).toBe(201);
    const noChat = await as(t, nia).get(`${CHATS}/user_chat_id/?user=${pia.user.id}`);
    expect(noChat.statusCode).toBe(200);
    expect(noChat.json()).toEqual({ chatId: null, blockedByMe: 'False', isBlocked: 'True' });
    const pair = sql`low_member_id in (${nia.user.id}, ${pia.user.id}) and high_member_id in (${nia.user.id}, ${pia.user.id})`;
    expect(await countRows(t, 'chats', pair)).toBe(0);
  });

  it('answers 404 for a member who does not exist', async () => {
    const ria = await signUp(t, 'ria');
    const response = await as(t, ria).get(`${CHATS}/user_chat_id/?user=987654321`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No member has this id.' });
  });

  it('refuses a missing or non-numeric user and answers 401 without a token', async () => {
    const kay = await signUp(t, 'kay2');
    for (const query of ['', '?user=abc', '?user=-1']) {
      const response = await as(t, kay).get(`${CHATS}/user_chat_id/${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['user']);
    }
    expect((await as(t, null).get(`${CHATS}/user_chat_id/?user=1`)).statusCode).toBe(401);
  });
});

describe('unread counts, reading and deleting', () => {
  it('keeps the unread count exact through sends, reads and deletes', async () => {
    const [ola, pam, quinn] = [
      await signUp(t, 'ola'),
      await signUp(t, 'pam'),
      await signUp(t, 'quinn'),
    ];
    const read = (member: Member, chatId: number) =>
      put(t, member, `${CHATS}/${chatId}/read_chatmessages/`);
    expect(await unreadChats(t, ola)).toBe(0);

    const withPam = await startChat(t, pam, ola, 'one');
    expect(await unreadChats(t, ola)).toBe(1);
    expect(await unreadChats(t, pam)).toBe(0);
    await sendChatMessage(t, pam, withPam.chatId, 'two');
    expect(await unreadChats(t, ola)).toBe(1);

    const withQuinn = await startChat(t, quinn, ola, 'three');
    expect(await unreadChats(t, ola)).toBe(2);

    const response = await read(ola, withPam.chatId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unreadChat: 1 });
    expect(await unreadChats(t, ola)).toBe(1);

    // Replying marks the chat read for the sender.
    await sendChatMessage(t, ola, withQuinn.chatId, 'four');
    expect(await unreadChats(t, ola)).toBe(0);
    expect(await unreadChats(t, quinn)).toBe(1);

    await sendChatMessage(t, pam, withPam.chatId, 'five');
    expect(await unreadChats(t, ola)).toBe(1);
    const deleted = await as(t, ola).delete(`${CHATS}/${withPam.chatId}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await unreadChats(t, ola)).toBe(0);
    expect(names(await list(ola))).toEqual(['quinn']);

    // A new message brings the deleted chat back, unread, with its history.
    t.clock.advance(1000);
    await sendChatMessage(t, pam, withPam.chatId, 'six');
    expect(await unreadChats(t, ola)).toBe(1);
    expect(names(await list(ola))).toEqual(['pam', 'quinn']);
    const history = await as(t, ola).get(`${CHATS}/${withPam.chatId}/messages_list/`);
    expect(history.json().results).toHaveLength(4);

    await read(ola, withPam.chatId);
    await read(quinn, withQuinn.chatId);
    expect([
      await unreadChats(t, ola),
      await unreadChats(t, pam),
      await unreadChats(t, quinn),
    ]).toEqual([0, 0, 0]);
    const { rows } = await t.db.execute<{ hidden: number }>(
      sql`select count(*)::int as hidden from chat_members where hidden_at is not null and user_id = ${ola.user.id}`,
    );
    expect(rows[0]?.hidden).toBe(0);
  });

  it('answers 404 to a non-member reading or deleting, changing nothing', async () => {
    const [rae, sam, tom] = [
      await signUp(t, 'rae'),
      await signUp(t, 'sam'),
      await signUp(t, 'tom'),
    ];
    const chat = await startChat(t, rae, sam);
    for (const response of [
      await put(t, tom, `${CHATS}/${chat.chatId}/read_chatmessages/`),
      await as(t, tom).delete(`${CHATS}/${chat.chatId}/`),
      await as(t, tom).delete(`${CHATS}/999999/`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: expect.stringContaining('not one of its members'),
      });
    }
    expect(await unreadChats(t, sam)).toBe(1);
    expect(names(await list(sam))).toEqual(['rae']);
  });

  it('answers 401 without a token and 400 for a bad chat id', async () => {
    const [uma, vic] = [await signUp(t, 'uma'), await signUp(t, 'vic')];
    const chat = await startChat(t, uma, vic);
    expect((await put(t, null, `${CHATS}/${chat.chatId}/read_chatmessages/`)).statusCode).toBe(401);
    expect((await as(t, null).delete(`${CHATS}/${chat.chatId}/`)).statusCode).toBe(401);
    expect((await as(t, null).get(`${CHATS}/unread_chat/`)).statusCode).toBe(401);
    const bad = await as(t, vic).delete(`${CHATS}/0/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ chatid: ['Use a numeric chat id.'] });
    expect(await unreadChats(t, vic)).toBe(1);
  });
});
