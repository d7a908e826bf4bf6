import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app';
import { seedBulk, type BulkResult } from './bulk.seed';
import { reconcileCounters } from './counters';
import { DEMO_DISCUSSIONS } from './demo-discussions';
import { DEMO_MEMBERS } from './demo-members';
import { DEMO_PASSWORD } from './demo-password';
import { DEMO_POLLS } from './demo-polls';
import { DEMO_QUIZZES } from './demo-quizzes';
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
      (select count(*) from poll_votes v where v.choice_id = p.id)) as "pollVotes",
    (select count(*)::int from polls p where voters_count <>
      (select count(*) from poll_ballots b where b.poll_id = p.id)) as "pollVoters",
    (select count(*)::int from poll_posts p where likes_count <>
      (select count(*) from likes l where l.model = 'poll' and l.object_id = p.id)) as "pollLikes",
    (select count(*)::int from poll_posts p where comments_count <>
      (select count(*) from comments c where c.model = 'poll' and c.object_id = p.id and c.deleted_at is null)) as "pollComments",
    (select count(*)::int from quizzes q where attempts_count <>
      (select count(*) from quiz_attempts a where a.quiz_id = q.id and a.answered_at is not null)) as "quizAttempts",
    (select count(*)::int from quizzes q where correct_count <>
      (select count(*) from quiz_attempts a where a.quiz_id = q.id and a.correct)) as "quizCorrect",
    (select count(*)::int from quizzes q where votes_count <>
      (select count(*) from quiz_votes v where v.quiz_id = q.id)) as "quizUpVotes",
    (select count(*)::int from quizzes q where likes_count <>
      (select count(*) from likes l where l.model = 'quiz' and l.object_id = q.id)) as "quizLikes",
    (select count(*)::int from quizzes q where comments_count <>
      (select count(*) from comments c where c.model = 'quiz' and c.object_id = q.id and c.deleted_at is null)) as "quizComments"`);
  return rows[0] ?? {};
}

/**
 * Every member's quiz record as the quiz service would have moved it, one graded attempt at a
 * time in the order they were answered, against the quiz_records rows.
 */
async function quizRecordsAgainstAttempts(t: TestApp) {
  const { rows: attempts } = await t.db.execute<{ user_id: number; correct: boolean }>(sql`
    select user_id::int, correct from quiz_attempts
    where answered_at is not null order by answered_at, quiz_id`);
  const expected = new Map<
    number,
    { answered: number; correct: number; current: number; best: number }
  >();
  for (const attempt of attempts) {
    const record = expected.get(attempt.user_id) ?? {
      answered: 0,
      correct: 0,
      current: 0,
      best: 0,
    };
    record.answered += 1;
    record.correct += attempt.correct ? 1 : 0;
    record.current = attempt.correct ? record.current + 1 : 0;
    record.best = Math.max(record.best, record.current);
    expected.set(attempt.user_id, record);
  }
  const { rows: records } = await t.db.execute<{
    user_id: number;
    answered: number;
    correct: number;
    current_streak: number;
    best_streak: number;
  }>(sql`select user_id::int, answered, correct, current_streak, best_streak from quiz_records`);
  return {
    expected: Object.fromEntries(expected),
    stored: Object.fromEntries(
      records.map((r) => [
        r.user_id,
        {
          answered: r.answered,
          correct: r.correct,
          current: r.current_streak,
          best: r.best_streak,
        },
      ]),
    ),
  };
}

const CONSISTENT = {
  discussionLikes: 0,
  discussionComments: 0,
  commentLikes: 0,
  commentReplies: 0,
  pollVotes: 0,
  pollVoters: 0,
  pollLikes: 0,
  pollComments: 0,
  quizAttempts: 0,
  quizCorrect: 0,
  quizUpVotes: 0,
  quizLikes: 0,
  quizComments: 0,
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
      polls: 0,
      votes: 0,
      quizzes: 0,
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

describe('bulk seed of polls and quizzes', () => {
  let t: TestApp;
  let result: BulkResult;
  const now = new Date('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    result = await seedBulk(t.db, {
      members: 15,
      discussions: 0,
      comments: 0,
      polls: 400,
      votes: 3000,
      quizzes: 300,
      seed: 3,
      now,
      progress: { isTTY: false, write: () => true },
    });
  });
  afterAll(() => t.close());

  it('casts the ballots asked for, one per member and poll, and keeps every counter exact', async () => {
    expect(result.discussions).toBe(0);
    expect(result.pollPosts).toMatchObject({ polls: 400, ballots: 3000 });
    expect(await count(t, sql`select count(*)::int as n from poll_ballots`)).toBe(3000);
    expect(await count(t, sql`select count(*)::int as n from poll_votes`)).toBe(
      result.pollPosts.pollVotes,
    );
    expect(result.pollPosts.pollVotes).toBeGreaterThan(3000);
    expect(await count(t, sql`select count(*)::int as n from discussions`)).toBe(0);
    expect(await counterMismatches(t)).toEqual(CONSISTENT);
  });

  it('makes poll posts the polls feature reads: same id, the rules respected', async () => {
    const { rows } = await t.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from polls where model <> 'poll' or object_id <> id) as "notPosts",
      (select count(*)::int from polls p left join poll_posts pp on pp.id = p.id where pp.id is null) as "withoutPost",
      (select count(*)::int from (
        select v.poll_id, v.user_id, count(*) as marks, max(p.type) as type, max(p.max_choices) as most
        from poll_votes v join polls p on p.id = v.poll_id group by v.poll_id, v.user_id
      ) b where (type = 'single' and marks <> 1) or (type = 'multiple' and marks > coalesce(most, marks))) as "badBallots",
      (select count(*)::int from poll_ballots b join polls p on p.id = b.poll_id
        where b.created_at < p.created_at or b.created_at > ${now}
          or b.created_at > coalesce(p.closes_at, ${now})) as "ballotsOutsideTheirWindow",
      (select count(*)::int from poll_ballots b join poll_posts pp on pp.id = b.poll_id
        where pp.status = 'draft') as "ballotsOnDrafts",
      (select count(*)::int from polls where results = 'after_close' and closes_at is null) as "afterCloseWithoutClose",
      (select count(distinct type)::int from polls) as "types",
      (select count(distinct tag)::int from poll_posts, unnest(tag_names) tag) as "tags"`);
    expect(rows[0]).toEqual({
      notPosts: 0,
      withoutPost: 0,
      badBallots: 0,
      ballotsOutsideTheirWindow: 0,
      ballotsOnDrafts: 0,
      afterCloseWithoutClose: 0,
      types: 3,
      tags: expect.any(Number),
    });
    expect(rows[0]?.tags).toBeLessThanOrEqual(16);
  });

  it('posts a denser share in the last week, so trending has candidates', async () => {
    const lastWeek = await count(
      t,
      sql`select count(*)::int as n from poll_posts where created_at > ${new Date(now.getTime() - 7 * 86_400_000)}`,
    );
    // 15 % of the polls in 2 % of the year.
    expect(lastWeek).toBeGreaterThanOrEqual(55);
    expect(lastWeek).toBeLessThanOrEqual(65);
  });

  it('grades every attempt by the answers chosen and keeps the quiz records', async () => {
    expect(result.quizzes.quizzes).toBe(300);
    expect(result.quizzes.attempts).toBeGreaterThan(2000);
    const { rows } = await t.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
        where a.user_id = q.author_id) as "ownAttempts",
      (select count(*)::int from quiz_attempts a where a.correct <> (
        (select array_agg(id order by id) from quiz_answers where quiz_id = a.quiz_id and correct)
          = (select array_agg(c order by c) from unnest(a.chosen) c))) as "misgraded",
      (select count(*)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
        where a.answered_at - a.started_at > make_interval(secs => coalesce(q.time_limit_seconds, 0))) as "late",
      (select count(*)::int from quizzes q where not exists (
        select 1 from quiz_answers a where a.quiz_id = q.id and a.correct)) as "withoutAnswer"`);
    expect(rows[0]).toEqual({ ownAttempts: 0, misgraded: 0, late: 0, withoutAnswer: 0 });
    const records = await quizRecordsAgainstAttempts(t);
    expect(Object.keys(records.stored)).toHaveLength(15);
    expect(records.stored).toEqual(records.expected);
  });
});

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes the demo once, with every counter equal to its rows, then leaves it alone', async () => {
    const first = await seedDemo(t.db, t.app.storage);
    const comments = [...DEMO_DISCUSSIONS, ...DEMO_POLLS, ...DEMO_QUIZZES].flatMap(
      (d) => d.comments ?? [],
    );
    const replies = comments.flatMap((c) => c.replies ?? []);
    expect(first).toEqual({
      created: true,
      members: DEMO_MEMBERS.length,
      discussions: DEMO_DISCUSSIONS.length,
      polls: DEMO_POLLS.length,
      quizzes: DEMO_QUIZZES.length,
      comments: comments.length + replies.length,
    });
    const rows = async () => ({
      users: await count(t, sql`select count(*)::int as n from users`),
      discussions: await count(t, sql`select count(*)::int as n from discussions`),
      comments: await count(t, sql`select count(*)::int as n from comments`),
      likes: await count(t, sql`select count(*)::int as n from likes`),
      votes: await count(t, sql`select count(*)::int as n from poll_votes`),
      polls: await count(t, sql`select count(*)::int as n from poll_posts`),
      quizzes: await count(t, sql`select count(*)::int as n from quizzes`),
      attempts: await count(t, sql`select count(*)::int as n from quiz_attempts`),
    });
    const before = await rows();
    expect(before).toMatchObject({
      users: DEMO_MEMBERS.length,
      discussions: DEMO_DISCUSSIONS.length,
      comments: comments.length + replies.length,
    });
    expect(await counterMismatches(t)).toEqual(CONSISTENT);
    const records = await quizRecordsAgainstAttempts(t);
    expect(records.stored).toEqual(records.expected);

    const again = await seedDemo(t.db, t.app.storage);
    expect(again).toEqual({ created: false, existing: DEMO_MEMBERS.map((m) => m.username) });
    expect(await rows()).toEqual(before);
  });

  it('has the kinds of polls and quizzes a first look should show', async () => {
    const { rows } = await t.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from polls where model = 'poll' and type = 'multiple' and max_choices is not null) as "limitedMultiple",
      (select count(*)::int from polls where model = 'poll' and type = 'ranked') as ranked,
      (select count(*)::int from polls where model = 'poll' and voters = 'anonymous') as anonymous,
      (select count(*)::int from polls where model = 'poll' and results = 'after_vote') as "afterVote",
      (select count(*)::int from polls where model = 'poll' and closes_at < now()) as closed,
      (select count(*)::int from polls where closes_at between now() and now() + interval '7 days') as closing,
      (select count(*)::int from polls where model = 'poll' and object_id <> id) as "notOwnId",
      (select count(*)::int from quizzes where multiple) as "chooseAll",
      (select count(*)::int from quizzes where time_limit_seconds = 30) as timed,
      (select count(*)::int from quizzes where closes_at < now()) as "closedQuizzes",
      (select count(*)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
        where a.user_id = q.author_id) as "ownAttempts",
      (select count(*)::int from quiz_records where answered > 0) as "membersWithRecords"`);
    expect(rows[0]).toEqual({
      limitedMultiple: 1,
      ranked: 1,
      anonymous: 1,
      afterVote: 1,
      closed: 1,
      closing: 1,
      notOwnId: 0,
      chooseAll: 2,
      timed: 1,
      closedQuizzes: 1,
      ownAttempts: 0,
      membersWithRecords: DEMO_MEMBERS.length,
    });
  });

  it('serves the demo polls and quizzes through their own routes, as their readers see them', async () => {
    const polls = await t.app.inject({ method: 'GET', url: '/api/forums/polls/?limit=100' });
    expect(polls.statusCode, polls.body).toBe(200);
    const results = polls.json<{
      results: { question: string; votersCount: number; tallies: { votersCount: number } | null }[];
    }>().results;
    expect(results.map((poll) => poll.question).sort()).toEqual(
      DEMO_POLLS.map((poll) => poll.question).sort(),
    );
    const shown = (question: string) => results.find((poll) => poll.question === question);
    const votes = (question: string) =>
      Object.keys(DEMO_POLLS.find((poll) => poll.question === question)?.votes ?? {}).length;
    // Closed, results after closing: shown to all now.
    const bookClub = 'Which book should the book club read in December?';
    expect(shown(bookClub)?.tallies?.votersCount).toBe(votes(bookClub));
    // Results after voting: a signed-out reader sees how many voted, not the tallies.
    const astronomy = 'Should the astronomy club start earlier in winter?';
    expect(shown(astronomy)).toMatchObject({ votersCount: votes(astronomy), tallies: null });

    const quizzes = await t.app.inject({ method: 'GET', url: '/api/forums/quizs/?limit=100' });
    expect(quizzes.statusCode, quizzes.body).toBe(200);
    const questions = quizzes.json<{ results: { question: string }[] }>().results;
    expect(questions.map((quiz) => quiz.question).sort()).toEqual(
      DEMO_QUIZZES.map((quiz) => quiz.question).sort(),
    );
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
    const none = { polls: 0, votes: 0, quizzes: 0 };
    expect(parseSeedArgs(['--discussions', '50'])).toEqual({
      bulk: { members: 1000, discussions: 50, comments: 500, ...none },
      seed: 1,
    });
    expect(
      parseSeedArgs(['--members', '3', '--discussions', '4', '--comments', '5', '--seed', '9']),
    ).toEqual({ bulk: { members: 3, discussions: 4, comments: 5, ...none }, seed: 9 });
  });

  it('adds polls and quizzes without discussions unless those are asked for too', () => {
    expect(parseSeedArgs(['--polls', '100000', '--votes', '5000000'])).toEqual({
      bulk: {
        members: 1000,
        discussions: 0,
        comments: 0,
        polls: 100_000,
        votes: 5_000_000,
        quizzes: 0,
      },
      seed: 1,
    });
    expect(parseSeedArgs(['--polls', '10', '--quizzes', '7', '--discussions', '2'])).toEqual({
      bulk: { members: 1000, discussions: 2, comments: 20, polls: 10, votes: 500, quizzes: 7 },
      seed: 1,
    });
    expect(() => parseSeedArgs(['--votes', '5'])).toThrow('--votes needs --polls');
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
