import type { ArchiveResult, Discussion, DiscussionPage, TagsList } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, forumRowCounts, postDiscussion } from '../../../test/forums';

const BOOKMARK = '/api/common/bookmark/';
const ARCHIVE = '/api/common/archieve/';

/** DELETE with a JSON body, which the `as` client does not send. */
const unbookmark = (t: TestApp, member: Member | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'DELETE',
    url: BOOKMARK,
    headers: member ? bearer(member.access) : {},
    payload,
  });

const ids = (page: DiscussionPage) => page.results.map((discussion) => discussion.id);

describe('GET /api/common/tags-list', () => {
  let t: TestApp;
  let ada: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
  });
  afterAll(() => t.close());

  it('counts the published discussions of each tag, most used first', async () => {
    await postDiscussion(t, ada, { tags: ['tea', 'cats'] });
    await postDiscussion(t, ada, { tags: ['tea'] });
    await postDiscussion(t, ada, { tags: ['tea', 'dogs'] });
    await postDiscussion(t, ada, { tags: ['cats', 'drafts'], status: 'draft' });
    const archived = await postDiscussion(t, ada, { tags: ['dogs'] });
    expect((await as(t, ada).post(ARCHIVE, { model: 'forum', id: archived.id })).statusCode).toBe(
      200,
    );

    const response = await as(t, null).get('/api/common/tags-list?model_name=forum');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TagsList>()).toEqual({
      results: [
        { name: 'tea', count: 3 },
        { name: 'cats', count: 1 },
        { name: 'dogs', count: 1 },
      ],
    });
  });

  it.each(['/api/common/tags-list', '/api/common/tags-list?model_name=comment'])(
    'rejects %s, naming model_name',
    async (url) => {
      const response = await as(t, null).get(url);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['model_name']);
    },
  );
});

describe('POST and DELETE /api/common/bookmark/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const bookmarksOf = (member: Member) =>
    countRows(t, 'bookmarks', sql`user_id = ${member.user.id} and model = 'forum'`);

  it('bookmarks a discussion once, shows it in the forums, then removes it', async () => {
    const discussion = await postDiscussion(t, ada);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await as(t, bob).post(BOOKMARK, { model: 'forum', id: discussion.id });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ bookmarked: true });
    }
    expect(await bookmarksOf(bob)).toBe(1);
    const detail = await as(t, bob).get(`/api/forums/forums/${discussion.id}/`);
    expect(detail.json<Discussion>().isBookmarked).toBe(true);
    const mine = await as(t, bob).get('/api/forums/forums/bookmarked_by_me/');
    expect(ids(mine.json<DiscussionPage>())).toEqual([discussion.id]);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const removed = await unbookmark(t, bob, { model: 'forum', id: discussion.id });
      expect(removed.statusCode, removed.body).toBe(204);
      expect(removed.body).toBe('');
    }
    expect(await bookmarksOf(bob)).toBe(0);
    const after = await as(t, bob).get('/api/forums/forums/bookmarked_by_me/');
    expect(ids(after.json<DiscussionPage>())).toEqual([]);
  });

  it.each([
    [{ id: 1 }, 'model'],
    [{ model: 'comment', id: 1 }, 'model'],
    [{ model: 'forum' }, 'id'],
    [{ model: 'forum', id: 'x' }, 'id'],
    [{ model: 'forum', id: 999_999 }, 'id'],
  ])('rejects %o, naming %s and writing nothing', async (payload, field) => {
    const before = await forumRowCounts(t);
    const added = await as(t, bob).post(BOOKMARK, payload);
    expect(added.statusCode).toBe(400);
    expect(Object.keys(added.json())).toEqual([field]);
    const removed = await unbookmark(t, bob, payload);
    expect(removed.statusCode).toBe(400);
    expect(Object.keys(removed.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it("refuses another member's draft and archived discussion, naming id", async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const archived = await postDiscussion(t, ada);
    await as(t, ada).post(ARCHIVE, { model: 'forum', id: archived.id });
    for (const id of [draft.id, archived.id]) {
      const response = await as(t, bob).post(BOOKMARK, { model: 'forum', id });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['id']);
    }
    expect(await bookmarksOf(bob)).toBe(0);
  });

  it('refuses signed-out visitors', async () => {
    const discussion = await postDiscussion(t, ada);
    await as(t, bob).post(BOOKMARK, { model: 'forum', id: discussion.id });
    const before = await forumRowCounts(t);
    expect(
      (await as(t, null).post(BOOKMARK, { model: 'forum', id: discussion.id })).statusCode,
    ).toBe(401);
    expect((await unbookmark(t, null, { model: 'forum', id: discussion.id })).statusCode).toBe(401);
    expect(await forumRowCounts(t)).toEqual(before);
  });
});

describe('POST /api/common/archieve/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const statusOf = async (id: number) =>
    (await t.db.execute<{ status: string }>(sql`select status from discussions where id = ${id}`))
      .rows[0]?.status;

  it('archives the author’s discussion: it leaves the lists, its page keeps working', async () => {
    const kept = await postDiscussion(t, ada, { tags: ['archive-test'] });
    const discussion = await postDiscussion(t, ada, { tags: ['archive-test'] });
    const list = () => as(t, bob).get('/api/forums/forums/');
    expect(ids((await list()).json<DiscussionPage>())).toContain(discussion.id);

    const response = await as(t, ada).post(ARCHIVE, { model: 'forum', id: discussion.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ArchiveResult>()).toEqual({ id: discussion.id, status: 'archived' });
    expect(await statusOf(discussion.id)).toBe('archived');

    const feed = ids((await list()).json<DiscussionPage>());
    expect(feed).not.toContain(discussion.id);
    expect(feed).toContain(kept.id);
    const byTag = await as(t, bob).get('/api/forums/forums/?tag=archive-test');
    expect(ids(byTag.json<DiscussionPage>())).toEqual([kept.id]);
    const detail = await as(t, bob).get(`/api/forums/forums/${discussion.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<Discussion>().status).toBe('archived');

    // Archiving again changes nothing.
    const again = await as(t, ada).post(ARCHIVE, { model: 'forum', id: discussion.id });
    expect(again.statusCode).toBe(200);
    expect(await statusOf(discussion.id)).toBe('archived');
  });

  it("refuses another member's discussion and changes nothing", async () => {
    const discussion = await postDiscussion(t, ada);
    const before = await forumRowCounts(t);
    const response = await as(t, bob).post(ARCHIVE, { model: 'forum', id: discussion.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Only the author can archive this discussion.' });
    expect(await statusOf(discussion.id)).toBe('published');
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it.each([
    [{ id: 1 }, 'model'],
    [{ model: 'forum' }, 'id'],
    [{ model: 'forum', id: -1 }, 'id'],
    [{ model: 'forum', id: 999_999 }, 'id'],
  ])('rejects %o, naming %s and writing nothing', async (payload, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, ada).post(ARCHIVE, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it('does not let another member find a draft, and refuses signed-out visitors', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const hidden = await as(t, bob).post(ARCHIVE, { model: 'forum', id: draft.id });
    expect(hidden.statusCode).toBe(400);
    expect(Object.keys(hidden.json())).toEqual(['id']);
    const signedOut = await as(t, null).post(ARCHIVE, { model: 'forum', id: draft.id });
    expect(signedOut.statusCode).toBe(401);
    expect(await statusOf(draft.id)).toBe('draft');
  });
});
