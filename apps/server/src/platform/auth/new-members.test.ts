import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountsTestApp,
  signUp,
  type Member,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { CHATS, startChat } from '../../../test/chat';
import { as, countRows, makeStaff, postComment, postDiscussion } from '../../../test/forums';
import { sampleFiles, upload } from '../../../test/media';
import { POLLS } from '../../../test/polls';
import { storedKeys } from '../../../test/storage';
import { NO_NEW_MEMBER_LIMITS } from './new-member-limits';

const SINCE = 'for their first 3 days, or until they have liked 5 posts or comments.';
const LINKS_IN_POST = `New members can include at most 2 links in a post ${SINCE}`;
const MENTIONS_IN_COMMENT = `New members can mention at most 2 members in a comment ${SINCE}`;
const UPLOAD_LIMIT = 4096;
const THREE_LINKS = 'https://a.example https://b.example https://c.example';

describe('new-member limits', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let old: Member;
  let liker: Member;
  let staff: Member;
  let others: Member[];
  beforeAll(async () => {
    t = await createAccountsTestApp({
      config: {
        newMembers: {
          ...NO_NEW_MEMBER_LIMITS,
          maxLinks: 2,
          maxMentions: 2,
          chatStarts: [{ max: 2, seconds: 86_400 }],
          maxUploadBytes: UPLOAD_LIMIT,
        },
      },
    });
    [ada, old, liker, staff] = await Promise.all([
      signUp(t, 'ada'),
      signUp(t, 'old'),
      signUp(t, 'liker'),
      signUp(t, 'staffer'),
    ]);
    others = await Promise.all(['bob', 'cyd', 'dee', 'eve'].map((name) => signUp(t, name)));
    await makeStaff(t, staff);
    // Joined four days ago: past NEW_MEMBER_DAYS.
    await t.db.execute(
      sql`update users set created_at = created_at - interval '4 days' where id = ${old.user.id}`,
    );
    // Five likes given: graduated, however young the account.
    for (let n = 0; n < 5; n += 1) {
      const { id } = await postDiscussion(t, staff);
      const liked = await as(t, liker).post('/api/forums/like/', { model: 'forum', id });
      expect(liked.statusCode, liked.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const other = (index: number): Member => {
    const member = others[index];
    if (!member) throw new Error(`no member ${index}`);
    return member;
  };

  const threeLinks = {
    title: 'Three links, https://a.example in the title',
    content: 'See [the plan](https://b.example/plan) and www.c.example.',
  };

  it('refuses a new member a post with more links than allowed, on the field that passes it', async () => {
    const before = await countRows(t, 'discussions');
    const refused = await as(t, ada).post('/api/forums/forums/', threeLinks);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ content: [LINKS_IN_POST] });
    expect(await countRows(t, 'discussions')).toBe(before);

    // Links in code are not links; two are allowed.
    const allowed = await postDiscussion(t, ada, {
      title: 'Two links, https://a.example',
      content: 'And https://b.example, but `https://c.example` is code.',
    });
    expect(await countRows(t, 'discussions', sql`id = ${allowed.id}`)).toBe(1);
  });

  it('counts the links of every text a post carries: poll options and quiz answers', async () => {
    const pollsBefore = await countRows(t, 'polls');
    const poll = await as(t, ada).post(POLLS, {
      question: 'Which site, https://a.example?',
      options: ['https://b.example', 'https://c.example', 'Neither'],
    });
    expect(poll.statusCode).toBe(400);
    expect(poll.json()).toEqual({ 'options.1': [LINKS_IN_POST] });
    expect(await countRows(t, 'polls')).toBe(pollsBefore);

    const quizzesBefore = await countRows(t, 'quizzes');
    const quiz = await as(t, ada).post('/api/forums/quizs/', {
      question: 'Which is the real one?',
      explanation: 'Only https://a.example is.',
      answers: [
        { text: 'https://a.example', correct: true },
        { text: 'https://b.example', correct: false },
      ],
    });
    expect(quiz.statusCode).toBe(400);
    expect(quiz.json()).toEqual({ 'answers.1.text': [LINKS_IN_POST] });
    expect(await countRows(t, 'quizzes')).toBe(quizzesBefore);
  });

  it('refuses an edit that adds more links than allowed, leaving the post as it was', async () => {
    const discussion = await postDiscussion(t, ada);
    const refused = await as(t, ada).patch(`/api/forums/forums/${discussion.id}/`, {
      content: 'Now https://a.example, https://b.example and https://c.example.',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ content: [LINKS_IN_POST] });
    const { rows } = await t.db.execute<{ content: string }>(
      sql`select content from discussions where id = ${discussion.id}`,
    );
    expect(rows[0]?.content).toBe(discussion.content);
  });

  it('refuses a new member a comment mentioning more members than allowed', async () => {
    const { id } = await postDiscussion(t, staff);
    const before = await countRows(t, 'comments');
    const refused = await as(t, ada).post('/api/forums/forums-comment/', {
      forum: id,
      content: 'Hello @bob, @cyd and @dee! And @bob again.',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ content: [MENTIONS_IN_COMMENT] });
    expect(await countRows(t, 'comments')).toBe(before);

    // Both limits passed: both are named.
    const both = await as(t, ada).post('/api/forums/forums-comment/', {
      forum: id,
      content: '@bob @cyd @dee https://a.example https://b.example https://c.example',
    });
    expect(both.json()).toEqual({
      content: [
        `New members can include at most 2 links in a comment ${SINCE}`,
        MENTIONS_IN_COMMENT,
      ],
    });

    const comment = await postComment(t, ada, id, 'Hello @bob and @cyd, and `@decorator` in code.');
    const reply = await as(t, ada).post('/api/forums/forums-sub-comment/', {
      comment: comment.id,
      content: '@bob @cyd @dee',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ content: [MENTIONS_IN_COMMENT] });
    expect(await countRows(t, 'comments')).toBe(before + 1);
  });

  it('refuses a new member a chat message with more links than allowed', async () => {
    const chatsBefore = await countRows(t, 'chats');
    const start = await as(t, ada).post(`${CHATS}/`, {
      member: other(0).user.id,
      newmessage: THREE_LINKS,
    });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toEqual({
      newmessage: [`New members can include at most 2 links in a message ${SINCE}`],
    });
    expect(await countRows(t, 'chats')).toBe(chatsBefore);

    const chat = await startChat(t, old, ada, 'Welcome!');
    const messagesBefore = await countRows(t, 'chat_messages');
    const send = await as(t, ada).post(`${CHATS}/${chat.chatId}/send_messages/`, {
      newmessage: THREE_LINKS,
    });
    expect(send.statusCode).toBe(400);
    expect(await countRows(t, 'chat_messages')).toBe(messagesBefore);
  });

  it('lets an older member, a member who liked enough, and staff write as they like', async () => {
    for (const member of [old, liker, staff]) {
      const discussion = await postDiscussion(t, member, threeLinks);
      await postComment(t, member, discussion.id, '@bob @cyd @dee, see https://a.example.');
      const chat = await startChat(t, member, other(3), THREE_LINKS);
      expect(chat.chatId).toBeGreaterThan(0);
    }
  });

  it('limits the chats a new member starts a day: 429 with Retry-After, no chat made', async () => {
    const dan = await signUp(t, 'dan');
    await startChat(t, dan, other(0));
    await startChat(t, dan, other(1));
    const chatsBefore = await countRows(t, 'chats');
    const refused = await as(t, dan).post(`${CHATS}/`, {
      member: other(2).user.id,
      newmessage: 'Hi!',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^New members can start at most 2 chats in 24 hours for their first 3 days, or until they have liked 5 posts or comments\. Please wait \d+ hours and try again\.$/,
      ),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await countRows(t, 'chats')).toBe(chatsBefore);

    for (const member of [old, staff]) {
      for (const to of [other(0), other(1), other(2)]) await startChat(t, member, to);
    }
  });

  /** How many uploads are stored, on disk or in the bucket. */
  const storedFiles = async () => (await storedKeys(t, 'files/')).length;

  it('refuses a new member a file larger than their limit with 413 and why, storing nothing', async () => {
    const large = sampleFiles.wav(UPLOAD_LIMIT);
    const before = { rows: await countRows(t, 'files'), stored: await storedFiles() };
    const refused = await upload(t, ada, { file: large, filename: 'talk.wav', name: 'Talk' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail: `New members can upload files of at most 4 KB ${SINCE}`,
    });
    expect(await countRows(t, 'files')).toBe(before.rows);
    expect(await storedFiles()).toBe(before.stored);

    const small = await upload(t, ada, { file: sampleFiles.wav(), filename: 'a.wav', name: 'A' });
    expect(small.statusCode, small.body).toBe(201);
    for (const member of [old, liker, staff]) {
      const response = await upload(t, member, { file: large, filename: 'b.wav', name: 'B' });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it("holds a new member's avatar to the same size", async () => {
    // Noise does not compress: the PNG stays larger than the limit.
    const bytes = await sharp(randomBytes(64 * 64 * 3), {
      raw: { width: 64, height: 64, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(UPLOAD_LIMIT);
    const putAvatar = async (member: Member) => {
      const form = new FormData();
      form.set('avatar', new Blob([new Uint8Array(bytes)]), 'me.png');
      const request = new Request('http://local/', { method: 'PUT', body: form });
      return t.app.inject({
        method: 'PUT',
        url: '/auth/user/',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: {
          ...bearer(member.access),
          'content-type': request.headers.get('content-type') ?? '',
        },
      });
    };
    const avatarOf = async (member: Member) =>
      (
        await t.db.execute<{ avatar_key: string | null }>(
          sql`select avatar_key from users where id = ${member.user.id}`,
        )
      ).rows[0]?.avatar_key;

    const refused = await putAvatar(ada);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      avatar: [`New members can upload files of at most 4 KB ${SINCE}`],
    });
    expect(await avatarOf(ada)).toBeNull();

    const accepted = await putAvatar(old);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await avatarOf(old)).toMatch(/^avatars\//);
  });

  it('lets a new member off once they have liked enough, within a minute', async () => {
    const fay = await signUp(t, 'fay');
    const likeAPost = async () => {
      const { id } = await postDiscussion(t, staff);
      const liked = await as(t, fay).post('/api/forums/like/', { model: 'forum', id });
      expect(liked.statusCode).toBe(200);
    };
    for (let n = 0; n < 4; n += 1) await likeAPost();
    expect((await as(t, fay).post('/api/forums/forums/', threeLinks)).statusCode).toBe(400);

    // The fifth like counts once the standing read a moment ago is a minute old.
    await likeAPost();
    expect((await as(t, fay).post('/api/forums/forums/', threeLinks)).statusCode).toBe(400);
    t.clock.advance(61_000);
    expect((await as(t, fay).post('/api/forums/forums/', threeLinks)).statusCode).toBe(201);
  });

  it('still answers 401 before any of it when signed out', async () => {
    const response = await as(t, null).post('/api/forums/forums/', threeLinks);
    expect(response.statusCode).toBe(401);
  });
});
