import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { RecordedQuery, TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion, postReply } from '../../../test/forums';

/** A recorded statement as drizzle SQL again, its `$n` placeholders bound to its parameters. */
function rebuild({ sql: text, params }: RecordedQuery): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part),
    ),
  );
}

/**
 * Every list must be servable by an index at any size. On a small test table the planner
 * rightly prefers a sequential scan, so the plans are taken with sequential scans disabled:
 * a plan that still scans a forum table sequentially has no index to use.
 */
describe('list query plans', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let urls: string[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    const discussion = await postDiscussion(t, ada, { tags: ['plans'], pollChoices: ['A', 'B'] });
    const comment = await postComment(t, bob, discussion.id);
    await postReply(t, ada, comment.id);
    await as(t, bob).post('/api/forums/like/', { model: 'forum', id: discussion.id });
    urls = [
      '/api/forums/forums/',
      '/api/forums/forums/?ordering=top',
      '/api/forums/forums/?tag=plans',
      '/api/forums/forums/?author=ada',
      `/api/forums/forums/${discussion.id}/`,
      '/api/forums/forums/posted_by_me/',
      '/api/forums/forums/liked_by_me/',
      '/api/forums/forums/bookmarked_by_me/',
      '/api/forums/forums/comment_by_me/',
      `/api/forums/forums-comment/?forum=${discussion.id}`,
      `/api/forums/forums-sub-comment/?comment=${comment.id}`,
    ];
    // Warm the session cache, so only the list's own statements are recorded.
    await as(t, bob).get('/api/forums/forums/');
  });
  afterAll(() => t.close());

  it('reads every forum table through an index', async () => {
    for (const url of urls) {
      const queries = await t.recordQueries(async () => {
        const response = await as(t, bob).get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      });
      const reads = queries.filter((query) => /^\s*select/i.test(query.sql));
      expect(reads.length, url).toBeGreaterThan(0);
      for (const query of reads) {
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
            sql`explain ${rebuild(query)}`,
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan, `${url}\n${query.sql}`).not.toMatch(
          /Seq Scan on (discussions|comments|likes|bookmarks|discussion_tags|poll_choices|poll_votes|tags)\b/,
        );
      }
    }
  });
});
