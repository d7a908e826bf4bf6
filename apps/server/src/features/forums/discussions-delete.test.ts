import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  as,
  countRows,
  forumRowCounts,
  makeStaff,
  postComment,
  postDiscussion,
  postReply,
} from '../../../test/forums';

const detail = (id: number) => `/api/forums/forums/${id}/`;

describe('DELETE /api/forums/forums/{id}/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    staff = await signUp(t, 'moderator');
    // Before the first request, so the session the guard caches already carries the flag.
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());

  it('lets the author delete it with its comments, poll, likes and bookmarks', async () => {
    const posted = await postDiscussion(t, ada, { tags: ['gone'], pollChoices: ['A', 'B'] });
    const comment = await postComment(t, bob, posted.id);
    await postReply(t, ada, comment.id);
    await as(t, bob).post('/api/forums/like/', { model: 'forum', id: posted.id });
    await as(t, bob).post('/api/forums/like/', { model: 'comment', id: comment.id });
    await as(t, bob).post('/api/forums/forums-bookmark/', { forum: posted.id });
    await as(t, bob).post('/api/forums/forums-poll-choice/', {
      choice: posted.pollChoices[0]?.id,
    });
    await as(t, bob).get(detail(posted.id));

    const response = await as(t, ada).delete(detail(posted.id));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await forumRowCounts(t)).toMatchObject({
      discussions: 0,
      discussion_tags: 0,
      comments: 0,
      likes: 0,
      bookmarks: 0,
      poll_choices: 0,
      poll_votes: 0,
      discussion_views: 0,
    });
    expect((await as(t, null).get(detail(posted.id))).statusCode).toBe(404);
  });

  it("refuses another member's discussion with 403 and deletes nothing", async () => {
    const posted = await postDiscussion(t, ada);
    const response = await as(t, bob).delete(detail(posted.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'Only the author or staff can delete this discussion.',
    });
    expect(await countRows(t, 'discussions', sql`id = ${posted.id}`)).toBe(1);
  });

  it('lets staff delete any discussion', async () => {
    const posted = await postDiscussion(t, ada);
    expect((await as(t, staff).delete(detail(posted.id))).statusCode).toBe(204);
    expect(await countRows(t, 'discussions', sql`id = ${posted.id}`)).toBe(0);
  });

  it('needs a signed-in member', async () => {
    const posted = await postDiscussion(t, ada);
    expect((await as(t, null).delete(detail(posted.id))).statusCode).toBe(401);
    expect(await countRows(t, 'discussions', sql`id = ${posted.id}`)).toBe(1);
  });

  it('answers 404 for an unknown discussion', async () => {
    expect((await as(t, ada).delete(detail(999_999))).statusCode).toBe(404);
  });
});
