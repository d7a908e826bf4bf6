import { TEXT_MESSAGES, type ContentSearchResults, type MemberSearchResults } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createAccountsTestApp,
  PASSWORD,
  signUp,
  type Member,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { CHATS, startChat } from '../../../test/chat';
import { send, type ApiRequest } from '../../../test/content';
import { as, postComment, postDiscussion, postReply } from '../../../test/forums';
import { multipart, sampleFiles } from '../../../test/media';
import { eventsHandled } from '../../../test/notifications';
import { postPoll } from '../../../test/polls';

/**
 * Issue 18: a NUL byte (or another control character) in any text a request carries answers a
 * 400 naming the field and writes nothing, where it used to reach PostgreSQL and answer 500
 * (error 22021); a search drops it instead. Titles and names also refuse text-direction
 * overrides and invisible-only text.
 */

let t: TestApp;
let ada: Member;
let bob: Member;
let discussionId: number;
let commentId: number;
let pollId: number;
let chatId: number;

/** A test-only route as a future feature might write it: a plain `z.string()`, no `zText()`. */
const ZPlainNote = z.object({ note: z.string() });

beforeAll(async () => {
  t = await createAccountsTestApp({
    setup: (app) => {
      app.post('/test/plain-schema/', { schema: { body: ZPlainNote } }, async (request) => ({
        body: request.body,
      }));
      app.post('/test/no-schema/', async (request) => ({ body: request.body }));
    },
  });
  ada = await signUp(t, 'ada');
  bob = await signUp(t, 'bob');
  const discussion = await postDiscussion(t, ada, {
    title: 'A fine discussion',
    content: 'About engines.',
  });
  discussionId = discussion.id;
  commentId = (await postComment(t, bob, discussionId)).id;
  await postReply(t, ada, commentId);
  pollId = (await postPoll(t, ada)).id;
  chatId = (await startChat(t, ada, bob)).chatId;
});

afterAll(() => t.close());

/**
 * A digest of every row of every table. Sessions are left out, since every signed-in request marks its
 * session as used, refused or not.
 */
async function databaseDigest(): Promise<Record<string, string>> {
  const { rows: tables } = await t.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
        order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await t.db.execute<{ digest: string }>(
      sql`select md5(coalesce(string_agg(row_text, ',' order by row_text), '')) as digest
          from (select r::text as row_text from ${sql.identifier(name)} r) as all_rows`,
    );
    digest[name] = rows[0]?.digest ?? '';
  }
  return digest;
}

/** Sends the request and expects a 400 naming `field` (and only it) with `message`; nothing written. */
async function expectRefused(
  response: () => Promise<LightMyRequestResponse>,
  field: string,
  message: string = TEXT_MESSAGES.control,
): Promise<void> {
  // Notifications of the writes before this one must be in before the digest is taken.
  await eventsHandled(t);
  const before = await databaseDigest();
  const answer = await response();
  expect(answer.statusCode, answer.body).toBe(400);
  expect(answer.json()).toEqual({ [field]: [message] });
  expect(await databaseDigest()).toEqual(before);
}

const NUL = 'a\u0000b';
const discussionBody = { title: 'Another title', content: 'Some text.' };

describe('text with a NUL byte in a request', () => {
  const member = () => ada;
  const cases: [string, () => Member | null, () => ApiRequest, string][] = [
    [
      'login username',
      () => null,
      () => ({
        method: 'POST',
        url: '/auth/login/',
        payload: { username: NUL, password: PASSWORD },
      }),
      'username',
    ],
    [
      'login password',
      () => null,
      () => ({ method: 'POST', url: '/auth/login/', payload: { username: 'ada', password: NUL } }),
      'password',
    ],
    [
      'registration username',
      () => null,
      () => ({
        method: 'POST',
        url: '/auth/registration/',
        payload: {
          username: NUL,
          email: 'c@example.org',
          password1: PASSWORD,
          password2: PASSWORD,
        },
      }),
      'username',
    ],
    [
      'refresh token',
      () => null,
      () => ({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: NUL } }),
      'refresh',
    ],
    [
      'two-factor token in the path',
      () => null,
      () => ({ method: 'POST', url: '/auth/verify-2fa/a%00b/' }),
      'token',
    ],
    [
      'password reset uid in the path',
      () => null,
      () => ({
        method: 'POST',
        url: '/auth/password/reset/confirm/a%00b/token/',
        payload: { new_password1: 'a new secret', new_password2: 'a new secret' },
      }),
      'uid',
    ],
    [
      'profile path by username',
      member,
      () => ({ method: 'GET', url: '/auth/userinfo/a%00b/' }),
      'idOrUsername',
    ],
    [
      'session id in the path',
      member,
      () => ({ method: 'DELETE', url: '/auth/userinfo/sessions/history/a%00b/' }),
      'id',
    ],
    [
      'quiz record by username',
      () => null,
      () => ({ method: 'GET', url: '/api/forums/quizs/record/a%00b/' }),
      'username',
    ],
    [
      'logout refresh token',
      member,
      () => ({ method: 'POST', url: '/auth/logout/', payload: { refresh_token: NUL } }),
      'refresh_token',
    ],
    [
      'discussion title',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/forums/',
        payload: { ...discussionBody, title: NUL },
      }),
      'title',
    ],
    [
      'discussion text',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/forums/',
        payload: { ...discussionBody, content: NUL },
      }),
      'content',
    ],
    [
      'discussion tag',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/forums/',
        payload: { ...discussionBody, tags: ['intro', 'en\u0000gines'] },
      }),
      'tags.1',
    ],
    [
      'poll choice of a discussion',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/forums/',
        payload: { ...discussionBody, pollChoices: ['Yes', NUL] },
      }),
      'pollChoices.1',
    ],
    [
      'discussion edit',
      member,
      () => ({
        method: 'PATCH',
        url: `/api/forums/forums/${discussionId}/`,
        payload: { content: NUL },
      }),
      'content',
    ],
    [
      'comment',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/forums-comment/',
        payload: { forum: discussionId, content: NUL },
      }),
      'content',
    ],
    [
      'reply',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/forums-sub-comment/',
        payload: { comment: commentId, content: NUL },
      }),
      'content',
    ],
    [
      'comment edit',
      () => bob,
      () => ({
        method: 'PATCH',
        url: `/api/forums/forums-comment/${commentId}/`,
        payload: { content: NUL },
      }),
      'content',
    ],
    [
      'poll comment',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/comments/',
        payload: { model: 'poll', id: pollId, content: NUL },
      }),
      'content',
    ],
    [
      'poll option',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/polls/',
        payload: { question: 'Tea or coffee?', options: ['Tea', NUL] },
      }),
      'options.1',
    ],
    [
      'quiz answer',
      member,
      () => ({
        method: 'POST',
        url: '/api/forums/quizs/',
        payload: {
          question: 'Two plus two?',
          answers: [
            { text: 'Four', correct: true },
            { text: NUL, correct: false },
          ],
        },
      }),
      'answers.1.text',
    ],
    [
      'report details',
      () => bob,
      () => ({
        method: 'POST',
        url: '/api/forums/report/',
        payload: { model: 'forum', id: discussionId, reason: 'other', details: NUL },
      }),
      'details',
    ],
    [
      'first chat message',
      () => bob,
      () => ({
        method: 'POST',
        url: `${CHATS}/`,
        payload: { member: ada.user.id, newmessage: NUL },
      }),
      'newmessage',
    ],
    [
      'chat message',
      member,
      () => ({
        method: 'POST',
        url: `${CHATS}/${chatId}/send_messages/`,
        payload: { newmessage: NUL },
      }),
      'newmessage',
    ],
    [
      'profile field sent as JSON',
      member,
      () => ({ method: 'PUT', url: '/auth/user/', payload: { bio: NUL } }),
      'bio',
    ],
    [
      'author filter of a list',
      () => null,
      () => ({ method: 'GET', url: '/api/forums/forums/?author=a%00b' }),
      'author',
    ],
    [
      'cursor of a list',
      () => null,
      () => ({ method: 'GET', url: '/api/forums/forums/?cursor=a%00b' }),
      'cursor',
    ],
  ];

  it.each(cases)(
    'refuses the %s with a 400 naming the field',
    async (_name, who, request, field) => {
      await expectRefused(() => send(t, who(), request()), field);
    },
  );

  it('refuses other control characters too, such as an escape in a comment', async () => {
    await expectRefused(
      () =>
        as(t, bob).post('/api/forums/forums-comment/', {
          forum: discussionId,
          content: '\u001b[2J wiped',
        }),
      'content',
    );
  });

  it('refuses a NUL in a profile field sent as a form', async () => {
    const data = new FormData();
    data.append('firstName', NUL);
    const request = new Request('http://localhost/', { method: 'PUT', body: data });
    await expectRefused(
      async () =>
        t.app.inject({
          method: 'PUT',
          url: '/auth/user/',
          headers: {
            ...bearer(ada.access),
            'content-type': request.headers.get('content-type') ?? '',
          },
          payload: Buffer.from(await request.arrayBuffer()),
        }),
      'firstName',
    );
  });

  it('refuses a NUL in the name of an upload', async () => {
    const form = await multipart({ file: sampleFiles.pdf(), filename: 'notes.pdf', name: NUL });
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/common/files/',
          headers: { ...form.headers, ...bearer(ada.access) },
          payload: form.payload,
        }),
      'name',
    );
  });

  it('keeps the text that holds tabs and line breaks', async () => {
    const response = await as(t, bob).post('/api/forums/forums-comment/', {
      forum: discussionId,
      content: 'Line one\r\n\tline two',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ content: 'Line one\r\n\tline two' });
  });
});

describe('a search with a NUL byte', () => {
  it('drops it from the content search and finds the cleaned words', async () => {
    const response = await as(t, null).get('/api/common/fetchdata/?q=fi%00ne');
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<ContentSearchResults>();
    expect(results.discussions.map((hit) => hit.id)).toEqual([discussionId]);
  });

  it('drops it from the member search', async () => {
    const response = await as(t, ada).get('/api/common/userdata/?q=b%00ob');
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<MemberSearchResults>();
    expect(results.results.map((hit) => hit.username)).toContain('bob');
  });

  it('drops it from the discussion list search', async () => {
    const response = await as(t, null).get('/api/forums/forums/?q=eng%00ines');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ results: { id: number }[] }>().results.map((d) => d.id)).toEqual([
      discussionId,
    ]);
  });

  it('drops it from the chat search', async () => {
    const response = await as(t, ada).get(`${CHATS}/search_chatllist/?q=b%00o`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ results: { chatId: number }[] }>().results).toEqual([
      expect.objectContaining({ chatId }),
    ]);
  });

  it.each([
    ['/api/common/fetchdata/?q=%00', null],
    ['/api/forums/forums/?q=%00', null],
    ['/api/common/userdata/?q=%00', 'ada'],
  ])('answers %s, a search of nothing once cleaned, as an empty search', async (url, who) => {
    await expectRefused(
      () => as(t, who ? ada : null).get(url),
      'q',
      'Type something to search for.',
    );
  });
});

describe('titles and names', () => {
  it('refuses a discussion title that reverses its end', async () => {
    await expectRefused(
      () =>
        as(t, ada).post('/api/forums/forums/', {
          ...discussionBody,
          title: 'Holiday photo \u202Egpj.exe',
        }),
      'title',
      TEXT_MESSAGES.bidiOverride,
    );
  });

  it('refuses a poll question of invisible characters only', async () => {
    await expectRefused(
      () =>
        as(t, ada).post('/api/forums/polls/', {
          question: '\u200B\u200B\u200B\u200B',
          options: ['Tea', 'Coffee'],
        }),
      'question',
      TEXT_MESSAGES.invisible,
    );
  });

  it('refuses a first name of zero-width spaces', async () => {
    await expectRefused(
      () => as(t, ada).put('/auth/user/', { firstName: '\u200B\u200D' }),
      'firstName',
      TEXT_MESSAGES.invisible,
    );
  });

  it('keeps a title in a right-to-left script with its direction mark', async () => {
    const response = await as(t, ada).post('/api/forums/forums/', {
      ...discussionBody,
      title: 'שלום עולם\u200F!',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: 'שלום עולם\u200F!' });
  });
});

describe('the safety net under the schemas', () => {
  it('refuses a NUL in a field a schema declares as a plain string', async () => {
    await expectRefused(
      () => t.app.inject({ method: 'POST', url: '/test/plain-schema/', payload: { note: NUL } }),
      'note',
    );
  });

  it('names the nested field of a body no schema describes', async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/test/no-schema/',
          payload: { outer: { list: ['fine', NUL] } },
        }),
      'outer.list.1',
    );
  });

  it('refuses a NUL in a key, naming the object that holds it', async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/test/no-schema/',
          payload: { outer: { [NUL]: 1 } },
        }),
      'outer',
    );
  });

  it('refuses a NUL in a query parameter of a route without a schema for it', async () => {
    await expectRefused(
      () => t.app.inject({ method: 'POST', url: '/test/no-schema/?extra=a%00b', payload: {} }),
      'extra',
    );
  });

  it('walks a deeply nested body without running out of stack', async () => {
    const depth = 50_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/no-schema/',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"a\\u0000b"${']'.repeat(depth)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.values(response.json<Record<string, string[]>>())).toEqual([
      [TEXT_MESSAGES.control],
    ]);
  });

  it('lets clean text through untouched', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/no-schema/',
      payload: { outer: { list: ['fine', 'tab\there'] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ body: { outer: { list: ['fine', 'tab\there'] } } });
  });
});
