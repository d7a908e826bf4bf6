import type { ActivityCounts } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  as,
  countRows,
  forumRowCounts,
  postComment,
  postDiscussion,
  postReply,
} from '../../../test/forums';
import { postAlbum } from '../../../test/albums';
import { postPoll } from '../../../test/polls';
import { postQuiz } from '../../../test/quizzes';

const COUNTS = '/api/common/activity-counts/';

describe('GET /api/common/activity-counts/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  async function countsOf(author: string, viewer: Member | null = bob): Promise<ActivityCounts> {
    const response = await as(t, viewer).get(`${COUNTS}?author=${encodeURIComponent(author)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityCounts>();
  }

  /** How many items a profile tab's own list shows, page after page. */
  async function listed(url: string): Promise<number> {
    let total = 0;
    let next: string | null = null;
    do {
      const response = await as(t, null).get(next ? `${url}&cursor=${next}` : url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ results: unknown[]; next: string | null }>();
      total += page.results.length;
      next = page.next;
    } while (next);
    return total;
  }

  it("counts what each tab of a member's profile lists, for visitors and members alike", async () => {
    const shown = await postDiscussion(t, ada);
    const archived = await postDiscussion(t, ada);
    await postDiscussion(t, bob);
    await postPoll(t, ada);
    await postPoll(t, ada);
    await postQuiz(t, ada);
    const onBob = await postDiscussion(t, bob);
    const comment = await postComment(t, ada, onBob.id);
    await postReply(t, ada, comment.id);
    const deleted = await postComment(t, ada, shown.id);
    expect((await as(t, ada).delete(`/api/forums/comments/${deleted.id}/`)).statusCode).toBe(204);
    await postComment(t, ada, archived.id);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    await postAlbum(t, ada, 'Harbour walk');
    const hidden = await postAlbum(t, ada, 'Hidden by staff');
    await postAlbum(t, bob, 'Not hers');
    await t.db.execute(sql`update albums set hidden_at = now() where id = ${hidden.id}`);

    const counts = await countsOf('ada', null);
    expect(counts).toEqual({ discussions: 1, comments: 2, polls: 2, quizzes: 1, albums: 1 });
    expect(await countsOf('ADA', bob)).toEqual(counts);
    expect(counts).toEqual({
      discussions: await listed('/api/forums/forums/?author=ada'),
      comments: await listed('/api/forums/comments/by_author/?author=ada'),
      polls: await listed('/api/forums/polls/?author=ada'),
      quizzes: await listed('/api/forums/quizs/?author=ada'),
      albums: await listed('/api/common/albums/?author=ada'),
    });
    expect(await countRows(t, 'discussions', sql`author_id = ${ada.user.id}`)).toBe(2);
    expect(await countRows(t, 'comments', sql`author_id = ${ada.user.id}`)).toBe(4);
  });

  it('counts nothing for nobody by that name, as the lists list nothing', async () => {
    expect(await countsOf('nobody-here')).toEqual({
      discussions: 0,
      comments: 0,
      polls: 0,
      quizzes: 0,
      albums: 0,
    });
  });

  it.each([
    ['', 'author'],
    ['?author=', 'author'],
    ['?author=%20%20', 'author'],
    [`?author=${'x'.repeat(151)}`, 'author'],
    ['?author=ada%01', 'author'],
  ])('rejects %s, naming %s and writing nothing', async (query, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).get(`${COUNTS}${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<Record<string, string[]>>())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });
});
