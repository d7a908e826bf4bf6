import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app';
import { seedBulk, type BulkResult } from './bulk.seed';
import { reconcileCounters } from './counters';
import { DEMO_DISCUSSIONS } from './demo-discussions';
import { DEMO_MEMBERS } from './demo-members';
import { DEMO_PASSWORD } from './demo-password';
import { seedDemo } from './demo.seed';
import { ProgressBar } from './progress-bar';
import { parseSeedArgs } from './seed-args';

/** Rows whose counter disagrees with the rows it counts, per counter: all should be 0. */
async function counterMismatches(t: TestApp): Promise<Record<string, number>> {
  const { rows } = await t.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from discussions d where likes_count <>
      (select count(*) from likes l where l.model = 'forum' and l.object_id = d.id)) as "discussionLikes",
    (select count(*)::int from discussions d where comments_count <>
      (select count(*) from comments c where c.model = 'forum' and c.object_id = d.id and c.deleted_at is null)) as "discussionComments",
    (select count(*)::int from comments c where likes_count <>
      (select count(*) from likes l where l.model = 'comment' and l.object_id = c.id)) as "commentLikes",
    (select count(*)::int from comments c where replies_count <>
      (select count(*) from comments r where r.parent_id = c.id and r.deleted_at is null)) as "commentReplies",
    (select count(*)::int from poll_choices p where votes_count <>
      (select count(*) from poll_votes v where v.choice_id = p.id)) as "pollVotes"`);
  return rows[0] ?? {};
}

const CONSISTENT = {
  discussionLikes: 0,
  discussionComments: 0,
  commentLikes: 0,
  commentReplies: 0,
  pollVotes: 0,
};

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(query);
  return rows[0]?.n ?? -1;
}

describe('bulk seed', () => {
  let t: TestApp;
  let result: BulkResult;
  const progress: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    result = await seedBulk(t.db, {
      members: 12,
      discussions: 700,
      comments: 3000,
      seed: 7,
      progress: { isTTY: false, write: (text) => progress.push(text) },
    });
  });
  afterAll(() => t.close());

  it('writes the sizes asked for, with about a fifth of the comments as replies', async () => {
    expect(result).toMatchObject({ members: 12, discussions: 700, comments: 3000 });
    expect(await count(t, sql`select count(*)::int as n from users`)).toBe(12);
    expect(await count(t, sql`select count(*)::int as n from discussions`)).toBe(700);
    expect(await count(t, sql`select count(*)::int as n from comments`)).toBe(3000);
    const replies = await count(
      t,
      sql`select count(*)::int as n from comments where parent_id is not null`,
    );
    expect(replies).toBe(result.replies);
    expect(replies / 3000).toBeGreaterThan(0.15);
    expect(replies / 3000).toBeLessThan(0.21);
    expect(await count(t, sql`select count(*)::int as n from likes`)).toBe(result.likes);
    expect(await count(t, sql`select count(*)::int as n from poll_votes`)).toBe(result.pollVotes);
  });

  it('leaves every counter equal to the rows it counts', async () => {
    expect(result.countersCorrected).toBe(0);
    expect(await counterMismatches(t)).toEqual(CONSISTENT);
  });

  it('corrects a counter that disagrees with its rows', async () => {
    await t.db.execute(sql`update discussions set likes_count = likes_count + 5
      where id = (select min(id) from discussions)`);
    await t.db.execute(sql`update comments set replies_count = 42
      where id = (select min(id) from comments)`);
    expect(await reconcileCounters(t.db, { discussion: 1, comment: 1, choice: 1 })).toBe(2);
    expect(await counterMismatches(t)).toEqual(CONSISTENT);
  });

  it('writes content the forum rules accept and spreads likes with a long tail', async () => {
    const { rows } = await t.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from discussions where length(title) not between 3 and 200) as "badTitles",
      (select count(*)::int from tags t join discussion_tags dt on dt.tag_id = t.id
        where t.name !~ '^[a-z0-9][a-z0-9-]{1,29}$') as "badTags",
      (select count(*)::int from comments c join discussions d on c.model = 'forum' and d.id = c.object_id
        where c.created_at < d.created_at) as "commentsBeforeTheirDiscussion",
      (select count(*)::int from comments where length(content) not between 1 and 10000) as "badComments"`);
    expect(rows[0]).toEqual({
      badTitles: 0,
      badTags: 0,
      commentsBeforeTheirDiscussion: 0,
      badComments: 0,
    });
    const { rows: spread } = await t.db.execute<{ most: number; median: number }>(sql`
      select max(likes_count)::int as most,
        (percentile_disc(0.5) within group (order by likes_count))::int as median
      from discussions where status = 'published'`);
    expect(spread[0]?.most).toBeGreaterThan((spread[0]?.median ?? 0) * 3);
  });

  it('reports progress in plain lines without a terminal', () => {
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatch(/^discussions \[#{30}\] 100% 700\/700 \d+ s\n$/);
  });
});

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes the demo once through the services, then leaves it alone', async () => {
    const first = await seedDemo(t.db, t.app.storage);
    const comments = DEMO_DISCUSSIONS.flatMap((d) => d.comments ?? []);
    const replies = comments.flatMap((c) => c.replies ?? []);
    expect(first).toEqual({
      created: true,
      members: DEMO_MEMBERS.length,
      discussions: DEMO_DISCUSSIONS.length,
      comments: comments.length + replies.length,
    });
    const rows = async () => ({
      users: await count(t, sql`select count(*)::int as n from users`),
      discussions: await count(t, sql`select count(*)::int as n from discussions`),
      comments: await count(t, sql`select count(*)::int as n from comments`),
      likes: await count(t, sql`select count(*)::int as n from likes`),
      votes: await count(t, sql`select count(*)::int as n from poll_votes`),
    });
    const before = await rows();
    expect(before).toMatchObject({
      users: DEMO_MEMBERS.length,
      discussions: DEMO_DISCUSSIONS.length,
      comments: comments.length + replies.length,
    });
    expect(await counterMismatches(t)).toEqual(CONSISTENT);

    const again = await seedDemo(t.db, t.app.storage);
    expect(again).toEqual({ created: false, existing: DEMO_MEMBERS.map((m) => m.username) });
    expect(await rows()).toEqual(before);
  });

  it('lets a demo member sign in with the documented password and shows the discussions', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'ada', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user: { username: 'ada' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/forums/forums/?limit=100' });
    const titles = list.json<{ results: { title: string }[] }>().results.map((d) => d.title);
    // Newest first, as the story tells it.
    expect(titles).toHaveLength(DEMO_DISCUSSIONS.length);
    expect(titles.at(-1)).toBe('Welcome to Agora — start here');
    expect(titles[0]).toBe('Tabs or spaces in 2026?');
  });
});

describe('seed command line', () => {
  it('makes the demo without sizes and fills in missing sizes for bulk data', () => {
    expect(parseSeedArgs([])).toEqual({ seed: 1 });
    expect(parseSeedArgs(['--discussions', '50'])).toEqual({
      bulk: { members: 1000, discussions: 50, comments: 500 },
      seed: 1,
    });
    expect(
      parseSeedArgs(['--members', '3', '--discussions', '4', '--comments', '5', '--seed', '9']),
    ).toEqual({ bulk: { members: 3, discussions: 4, comments: 5 }, seed: 9 });
  });

  it('names the bad option', () => {
    expect(() => parseSeedArgs(['--members', '0'])).toThrow(
      '--members must be a whole number of at least 1',
    );
    expect(() => parseSeedArgs(['--comments', 'many'])).toThrow(
      '--comments must be a whole number of at least 0',
    );
    expect(() => parseSeedArgs(['--users', '5'])).toThrow(/Unknown option '--users'[\s\S]*Usage/);
  });
});

describe('progress bar', () => {
  it('redraws one line in place on a terminal', () => {
    const written: string[] = [];
    const bar = new ProgressBar('members', 4, { isTTY: true, write: (t) => written.push(t) });
    bar.advance(1);
    bar.advance(3);
    bar.finish();
    expect(written).toHaveLength(3);
    expect(written[0]).toMatch(/^\rmembers \[#{8}-{22}\] {2}25% 1\/4 \d+ s$/);
    expect(written[2]).toMatch(/^\rmembers \[#{30}\] 100% 4\/4 \d+ s\n$/);
  });
});
