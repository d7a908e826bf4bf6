import type { ContentComment, ContentCommentPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, postDiscussion, recordEvents } from '../../../test/forums';
import { eventsHandled } from '../../../test/notifications';
import { CONTENT_EVENTS } from '../../platform/content';

const COMMENTS = '/api/forums/comments/';

describe('/api/forums/comments/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const commentCount = () => countRows(t, 'comments');

  it('comments on a discussion and replies, naming the host by model and id', async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Hosted' });
    const created = await as(t, bob).post(COMMENTS, {
      model: 'forum',
      id: discussion.id,
      content: 'A comment through the kernel.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const comment = created.json<ContentComment>();
    expect(comment).toMatchObject({
      model: 'forum',
      objectId: discussion.id,
      parent: null,
      content: 'A comment through the kernel.',
      author: { id: bob.user.id, username: 'bob' },
      likesCount: 0,
      repliesCount: 0,
    });
    expect(comment).not.toHaveProperty('forum');

    const replied = await as(t, ada).post(COMMENTS, { parent: comment.id, content: 'A reply.' });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<ContentComment>()).toMatchObject({
      model: 'forum',
      objectId: discussion.id,
      parent: comment.id,
    });

    const page = (
      await as(t, null).get(`${COMMENTS}?model=forum&id=${discussion.id}`)
    ).json<ContentCommentPage>();
    expect(page.results.map((item) => [item.id, item.repliesCount])).toEqual([[comment.id, 1]]);
    const replies = (
      await as(t, null).get(`${COMMENTS}?parent=${comment.id}`)
    ).json<ContentCommentPage>();
    expect(replies.results.map((item) => item.content)).toEqual(['A reply.']);
    const { rows } = await t.db.execute<{ comments_count: number }>(
      sql`select comments_count from discussions where id = ${discussion.id}`,
    );
    expect(rows[0]?.comments_count).toBe(2);
  });

  it('tells pages watching the host that its comment count dropped when a comment goes', async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Watched' });
    const created = await as(t, bob).post(COMMENTS, {
      model: 'forum',
      id: discussion.id,
      content: 'Soon gone.',
    });
    const comment = created.json<ContentComment>();
    await eventsHandled(t);
    const changed = await recordEvents(t, CONTENT_EVENTS.countsChanged);
    expect((await as(t, bob).delete(`${COMMENTS}${comment.id}/`)).statusCode).toBe(204);
    await eventsHandled(t);
    expect(changed).toEqual([{ target: { model: 'forum', id: discussion.id } }]);
  });

  it.each([
    ['no host and no parent', { content: 'Hi' }, ['id', 'model']],
    ['no id', { model: 'forum', content: 'Hi' }, ['id']],
    ['an unknown model', { model: 'job', id: 1, content: 'Hi' }, ['model']],
    ['a text id', { model: 'forum', id: 'x', content: 'Hi' }, ['id']],
    ['no content', { model: 'forum', id: 1 }, ['content']],
    ['blank content', { model: 'forum', id: 1, content: '   ' }, ['content']],
    ['a zero parent', { parent: 0, content: 'Hi' }, ['parent']],
  ])('rejects %s, naming the field and writing nothing', async (_label, payload, fields) => {
    const before = await commentCount();
    const response = await as(t, bob).post(COMMENTS, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(fields);
    expect(await commentCount()).toBe(before);
  });

  it('refuses content that takes no comments, drafts and unknown objects, writing nothing', async () => {
    const discussion = await postDiscussion(t, ada);
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const first = (
      await as(t, bob).post(COMMENTS, { model: 'forum', id: discussion.id, content: 'First' })
    ).json<ContentComment>();
    const before = await commentCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { model: 'comment', id: first.id, content: 'On a comment' },
        { id: ['This kind of content has no comments.'] },
      ],
      [
        { model: 'forum', id: draft.id, content: 'Early' },
        { id: ['This discussion does not exist or is not open for comments.'] },
      ],
      [
        { model: 'forum', id: 999_999, content: 'Nowhere' },
        { id: ['This discussion does not exist or is not open for comments.'] },
      ],
      [
        { parent: 999_999, content: 'To nothing' },
        { parent: ['This comment does not exist or was deleted.'] },
      ],
    ];
    for (const [payload, body] of cases) {
      const response = await as(t, bob).post(COMMENTS, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(body);
    }
    expect(await commentCount()).toBe(before);
  });

  it('asks for the host when listing, and hides a draft host from others', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const missing = await as(t, null).get(COMMENTS);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['id', 'model']);
    const hidden = await as(t, bob).get(`${COMMENTS}?model=forum&id=${draft.id}`);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({
      id: ['This discussion does not exist or is not open for comments.'],
    });
    const own = await as(t, ada).get(`${COMMENTS}?model=forum&id=${draft.id}`);
    expect(own.json<ContentCommentPage>()).toEqual({ results: [], next: null });
  });

  it("refuses signed-out writes and another member's edit or delete, changing nothing", async () => {
    const discussion = await postDiscussion(t, ada);
    const mine = (
      await as(t, ada).post(COMMENTS, { model: 'forum', id: discussion.id, content: 'Mine' })
    ).json<ContentComment>();
    const before = await commentCount();
    const signedOut = await as(t, null).post(COMMENTS, {
      model: 'forum',
      id: discussion.id,
      content: 'Anonymous',
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await as(t, null).put(`${COMMENTS}${mine.id}/`, { content: 'x' })).statusCode).toBe(
      401,
    );
    const edit = await as(t, bob).put(`${COMMENTS}${mine.id}/`, { content: 'Not yours' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: 'Only the author can edit this comment.' });
    const remove = await as(t, bob).delete(`${COMMENTS}${mine.id}/`);
    expect(remove.statusCode).toBe(403);
    expect((await as(t, bob).delete(`${COMMENTS}999999/`)).statusCode).toBe(404);
    expect(await commentCount()).toBe(before);
    const { rows } = await t.db.execute<{ content: string; deleted_at: Date | null }>(
      sql`select content, deleted_at from comments where id = ${mine.id}`,
    );
    expect(rows).toEqual([{ content: 'Mine', deleted_at: null }]);
  });
});
