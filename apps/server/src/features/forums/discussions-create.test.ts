import { CONTENT_STATUSES, type Discussion } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, forumRowCounts, postDiscussion } from '../../../test/forums';

const URL = '/api/forums/forums/';
const valid = { title: 'Hello there', content: 'First *post*.' };

describe('POST /api/forums/forums/', () => {
  let t: TestApp;
  let ada: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
  });
  afterAll(() => t.close());

  it('creates a published discussion with tags and a poll', async () => {
    const response = await as(t, ada).post(URL, {
      ...valid,
      tags: ['  Intro ', 'meta', 'intro'],
      pollChoices: ['Yes', 'No'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Discussion>();
    expect(body).toMatchObject({
      title: 'Hello there',
      content: 'First *post*.',
      tags: ['intro', 'meta'],
      status: 'published',
      author: { id: ada.user.id, username: 'ada', avatar: null },
      editedAt: null,
      likesCount: 0,
      commentsCount: 0,
      viewsCount: 0,
      isLiked: false,
      isBookmarked: false,
      hasAudio: false,
    });
    expect(
      body.pollChoices.map(({ text, votesCount, isVoted }) => ({ text, votesCount, isVoted })),
    ).toEqual([
      { text: 'Yes', votesCount: 0, isVoted: false },
      { text: 'No', votesCount: 0, isVoted: false },
    ]);

    const { rows } = await t.db.execute<{ author_id: number; status: string; title: string }>(
      sql`select author_id::int as author_id, status, title from discussions where id = ${body.id}`,
    );
    expect(rows).toEqual([{ author_id: ada.user.id, status: 'published', title: 'Hello there' }]);
    expect(await countRows(t, 'discussion_tags', sql`discussion_id = ${body.id}`)).toBe(2);
    expect(
      await countRows(
        t,
        'poll_choices',
        sql`poll_id = (select id from polls where model = 'forum' and object_id = ${body.id})`,
      ),
    ).toBe(2);
  });

  it('creates a tag on first use only', async () => {
    await postDiscussion(t, ada, { tags: ['reused'] });
    await postDiscussion(t, ada, { tags: ['REUSED'] });
    expect(await countRows(t, 'tags', sql`name = 'reused'`)).toBe(1);
    expect(
      await countRows(
        t,
        'discussion_tags',
        sql`tag_id = (select id from tags where name = 'reused')`,
      ),
    ).toBe(2);
  });

  it('saves a draft', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(await countRows(t, 'discussions', sql`id = ${draft.id} and status = 'draft'`)).toBe(1);
  });

  const badInputs: [string, Record<string, unknown>, string][] = [
    ['a missing title', { content: 'x' }, 'title'],
    ['a short title', { ...valid, title: 'ab' }, 'title'],
    ['a long title', { ...valid, title: 'a'.repeat(201) }, 'title'],
    ['empty content', { ...valid, content: '' }, 'content'],
    ['blank content', { ...valid, content: '   ' }, 'content'],
    ['content over 50,000 characters', { ...valid, content: 'a'.repeat(50_001) }, 'content'],
    ['six tags', { ...valid, tags: ['aa', 'bb', 'cc', 'dd', 'ee', 'ff'] }, 'tags'],
    ['a one-letter tag', { ...valid, tags: ['a'] }, 'tags.0'],
    ['a 31-character tag', { ...valid, tags: ['a'.repeat(31)] }, 'tags.0'],
    ['a tag with spaces', { ...valid, tags: ['two words'] }, 'tags.0'],
    ['an unknown status', { ...valid, status: 'hidden' }, 'status'],
    ['a poll of one choice', { ...valid, pollChoices: ['Only'] }, 'pollChoices'],
    ['a poll of eleven choices', { ...valid, pollChoices: [...'abcdefghijk'] }, 'pollChoices'],
    ['a blank poll choice', { ...valid, pollChoices: ['Yes', ' '] }, 'pollChoices.1'],
    ['a long poll choice', { ...valid, pollChoices: ['Yes', 'n'.repeat(201)] }, 'pollChoices.1'],
    ['the same poll choice twice', { ...valid, pollChoices: ['Yes', 'yes'] }, 'pollChoices'],
  ];
  it.each(badInputs)(
    'rejects %s, naming the field and writing nothing',
    async (_, payload, field) => {
      const before = await forumRowCounts(t);
      const response = await as(t, ada).post(URL, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
      expect(await forumRowCounts(t)).toEqual(before);
    },
  );

  it('needs a signed-in member', async () => {
    const before = await forumRowCounts(t);
    const response = await as(t, null).post(URL, valid);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await forumRowCounts(t)).toEqual(before);
  });
});

describe('GET /api/forums/forums/get_content_status/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  it('lists every status with its label, signed out too', async () => {
    const response = await as(t, null).get('/api/forums/forums/get_content_status/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { value: 'draft', label: 'Draft' },
      { value: 'published', label: 'Published' },
      { value: 'archived', label: 'Archived' },
      { value: 'hidden', label: 'Hidden' },
    ]);
    expect(response.json<{ value: string }[]>().map((item) => item.value)).toEqual([
      ...CONTENT_STATUSES,
    ]);
  });
});
