import type { DiscussionPage } from '@agora/shared';
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
      // sql.param: an array (`= any($n)`) stays one parameter instead of a list.
      index % 2 === 1 ? sql`${sql.param(params[Number(part) - 1])}` : sql.raw(part),
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
    await postDiscussion(t, bob, { tags: ['plans'] });
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
      '/api/forums/forums/?q=markdown',
      '/api/forums/forums/?ordering=trending',
      '/api/forums/forums/?ordering=trending&q=markdown&tag=plans',
      `/api/forums/forums/${discussion.id}/related_forums/`,
      '/api/common/fetchdata/?q=comment',
      '/api/common/trending-post/',
      '/api/common/userdata/?q=ada',
      '/api/common/activity-counts/?author=ada',
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

  it("finds tags by their words' beginnings, with no scan of every discussion", async () => {
    for (const url of ['/api/common/fetchdata/?q=pla', '/api/forums/forums/?q=pla']) {
      const queries = await t.recordQueries(async () => {
        const response = await as(t, bob).get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(response.body, url).toContain('"plans"');
      });
      const searches = queries.filter((query) =>
        /"(discussions|candidate)"\."search_vector"/.test(query.sql),
      );
      expect(searches.length, url).toBeGreaterThan(0);
      for (const query of searches) {
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
            sql`explain ${rebuild(query)}`,
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan, `${url}\n${query.sql}`).not.toMatch(/Seq Scan on discussions\b/);
      }
    }
  });
});

describe('signed-out reads', () => {
  let t: TestApp;
  let discussionId: number;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const ada = await signUp(t, 'ada');
    const bob = await signUp(t, 'bob');
    const discussion = await postDiscussion(t, ada, { tags: ['plans'], pollChoices: ['A', 'B'] });
    discussionId = discussion.id;
    await as(t, bob).post('/api/forums/like/', { model: 'forum', id: discussion.id });
    await as(t, bob).post('/api/forums/forums-bookmark/', { forum: discussion.id });
  });
  afterAll(() => t.close());

  it('look up no likes, bookmarks or votes: a signed-out viewer has none', async () => {
    for (const url of [
      '/api/forums/forums/',
      '/api/forums/forums/?tag=plans',
      '/api/forums/forums/?q=markdown',
      `/api/forums/forums/${discussionId}/`,
    ]) {
      const queries = await t.recordQueries(async () => {
        const response = await as(t, null).get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        const body = response.json<{ results?: { isLiked: boolean }[]; isLiked?: boolean }>();
        for (const item of body.results ?? [body]) expect(item.isLiked, url).toBe(false);
      });
      for (const query of queries) {
        const { rows } = await t.db.execute<{ 'QUERY PLAN': string }>(
          sql`explain ${rebuild(query)}`,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan, `${url}\n${query.sql}`).not.toMatch(/ on (likes|bookmarks|poll_votes)\b/);
      }
    }
  });
});

const WORDS = (
  'garden violin river bread chess winter engine poetry market island coffee bicycle lantern ' +
  'harbor meadow pixel thunder orchard canyon glacier falcon copper velvet summit compass quartz ' +
  'saffron tundra marble ember willow cobalt prairie lagoon cipher harvest beacon nectar granite zephyr'
).split(' ');

/**
 * Search and trending at a realistic size (20,000 discussions over 20 weeks, 40,000 comments,
 * 30,000 members, statistics gathered), planned as PostgreSQL would plan them, sequential scans
 * allowed: every statement still reads the big tables through an index. The search words run
 * from rare (`zanzibar`, 10 discussions) to everywhere (`words`, every discussion).
 */
describe('search and trending plans at a realistic size', () => {
  let t: TestApp;
  let bob: Member;
  let discussionId: number;
  let member: { username: string; lastName: string };
  beforeAll(async () => {
    t = await createAccountsTestApp();
    bob = await signUp(t, 'bob');
    const words = sql`(select array[${sql.join(
      WORDS.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[] as w) words`;
    await t.db.execute(sql`
      insert into users (username, email, first_name, last_name)
      select w[1 + g % 40] || substr(md5(g::text), 1, 6), 'member' || g || '@example.org',
        (array['Ada', 'Grace', 'Alan', 'Linus', 'Barbara', 'Ken'])[1 + g % 6],
        initcap(substr(md5('last' || g), 1, 8))
      from generate_series(1, 30000) g, ${words}`);
    await t.db.execute(sql`
      insert into discussions (author_id, title, content, status, likes_count, comments_count,
        views_count, created_at, updated_at)
      select ${bob.user.id},
        initcap(w[1 + g % 40]) || ' ' || w[1 + (g / 40) % 40] || ' ' || w[1 + (g / 1600) % 40],
        'About ' || w[1 + (g * 7) % 40] || ' and ' || w[1 + (g * 13) % 40]
          || case when g % 2000 = 7 then ' in zanzibar' else '' end || '. '
          || repeat('Some more words about ' || w[1 + (g * 3) % 40] || '. ', 5),
        case when g % 20 = 0 then 'draft' when g % 20 = 1 then 'hidden' else 'published' end,
        g % 17, g % 11, g % 101,
        now() - g * interval '10 minutes', now() - g * interval '10 minutes'
      from generate_series(1, 20000) g, ${words}`);
    await t.db.execute(sql`
      insert into comments (model, object_id, author_id, content, created_at, updated_at)
      select 'forum', (select min(id) from discussions) + g % 20000, ${bob.user.id},
        'I think ' || w[1 + (g * 11) % 40] || ' beats ' || w[1 + (g * 5) % 40]
          || case when g % 4000 = 3 then ' near zanzibar' else '' end,
        now() - g * interval '5 minutes', now() - g * interval '5 minutes'
      from generate_series(1, 40000) g, ${words}`);
    // A tag on every other discussion, and one on ten of them.
    await t.db.execute(sql`insert into tags (name) values ('everyday'), ('rarity')`);
    await t.db.execute(sql`
      insert into discussion_tags (discussion_id, tag_id, created_at)
      select d.id, t.id, d.created_at from discussions d join tags t
        on (t.name = 'everyday' and d.id % 2 = 0) or (t.name = 'rarity' and d.id % 2000 = 1)`);
    // As autovacuum would: statistics, and the GIN indexes' pending entries merged.
    await t.db.execute(sql`vacuum analyze`);
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id::int as id from discussions where status = 'published' order by id limit 1`,
    );
    discussionId = rows[0]?.id ?? 0;
    const { rows: people } = await t.db.execute<{ username: string; last_name: string }>(
      sql`select username, last_name from users where email = 'member1@example.org'`,
    );
    member = { username: people[0]?.username ?? '', lastName: people[0]?.last_name ?? '' };
    await as(t, bob).get('/api/forums/forums/?limit=1');
  }, 120_000);
  afterAll(() => t.close());

  it('reads discussions, comments and members through their indexes', async () => {
    const urls = [
      '/api/forums/forums/?q=zanzibar',
      '/api/forums/forums/?q=words',
      '/api/forums/forums/?q=garden&ordering=top',
      '/api/forums/forums/?ordering=trending',
      '/api/forums/forums/?ordering=trending&q=violin',
      `/api/forums/forums/${discussionId}/related_forums/`,
      '/api/common/fetchdata/?q=zanzibar',
      '/api/common/fetchdata/?q=words',
      '/api/common/fetchdata/?q=garden%20violin',
      '/api/common/trending-post/',
      `/api/common/userdata/?q=${member.username.slice(0, 8)}`,
      `/api/common/userdata/?q=${member.lastName}`,
      // A misspelling: one letter left out.
      `/api/common/userdata/?q=${member.username.slice(0, 3)}${member.username.slice(4)}`,
    ];
    for (const url of urls) {
      const queries = await t.recordQueries(async () => {
        const response = await as(t, bob).get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      });
      for (const query of queries.filter((each) => /^\s*select/i.test(each.sql))) {
        const { rows } = await t.db.execute<{ 'QUERY PLAN': string }>(
          sql`explain ${rebuild(query)}`,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan, `${url}\n${query.sql}`).not.toMatch(
          /Seq Scan on (discussions|comments|users)\b/,
        );
      }
    }
  });

  /** The plan PostgreSQL reuses for every call of a list's prepared page statement. */
  const genericPlanOf = async (url: string, analyse = false) => {
    const queries = await t.recordQueries(async () => {
      const response = await as(t, bob).get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    });
    const page = queries.find((query) => query.sql.includes('order by'));
    if (!page) throw new Error(`${url} sent no page query`);
    const literals = page.params.map((value) =>
      typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`,
    );
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare list_page as ${page.sql}`));
      try {
        const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
          sql.raw(
            `explain ${analyse ? '(analyze, costs off) ' : ''}execute list_page(${literals.join(', ')})`,
          ),
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await tx.execute(sql`deallocate list_page`);
      }
    });
  };

  it("reads any tag's newest from the tag's index, with one plan for every tag", async () => {
    for (const tag of ['rarity', 'everyday']) {
      const plan = await genericPlanOf(`/api/forums/forums/?tag=${tag}`);
      // In the index's order: no sort of all the tag's discussions, however many it has.
      expect(plan, tag).toMatch(/Index (Only )?Scan Backward using discussion_tags_newest_idx/);
      expect(plan, tag).not.toMatch(/Sort Key: tagged\./);
    }
  });

  it("finds any word's newest with one plan: a walk for a common word, the index for a rare one", async () => {
    // `words` is in every discussion: the walk through the newest fills the page at once.
    const common = await genericPlanOf('/api/forums/forums/?q=words', true);
    expect(common).toMatch(/Index Scan Backward using discussions_latest_idx/);
    expect(common).toMatch(/Bitmap Index Scan on discussions_search_idx \(never executed\)/);
    // `zanzibar` is in one of the newest thousand and nine older ones: the index finds those.
    const rare = await genericPlanOf('/api/forums/forums/?q=zanzibar', true);
    expect(rare).toMatch(/Bitmap Index Scan on discussions_search_idx \(actual/);
    expect(rare).not.toMatch(/Rows Removed by Filter: [0-9]{4,}/);
  });

  it('pages through all of a rare or a common word, newest first, as SQL finds them', async () => {
    const newest = async (word: string, limit: number) => {
      const { rows } = await t.db.execute<{ id: number }>(sql`
        select id::int as id from discussions
        where status = 'published' and search_vector @@ websearch_to_tsquery('english', ${word})
        order by created_at desc, id desc limit ${limit}`);
      return rows.map((row) => row.id);
    };
    const walk = async (url: string, pages: number) => {
      const ids: number[] = [];
      let next: string | null = null;
      for (let index = 0; index < pages; index += 1) {
        const response = await as(t, bob).get(next ? `${url}&cursor=${next}` : url);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<DiscussionPage>();
        ids.push(...body.results.map((item) => item.id));
        next = body.next;
        if (!next) break;
      }
      return { ids, next };
    };
    const rare = await walk('/api/forums/forums/?q=zanzibar&limit=2', 10);
    expect(rare.ids).toEqual(await newest('zanzibar', 100));
    expect(rare.ids.length).toBeGreaterThan(2);
    expect(rare.next).toBeNull();
    const common = await walk('/api/forums/forums/?q=words&limit=100', 12);
    // Past the first thousand: the walk starts again from each page's cursor.
    expect(common.ids).toEqual(await newest('words', 1_200));
  });

  it('runs a fixed number of queries whatever the page size', async () => {
    const count = (url: string) => t.countQueries(() => as(t, bob).get(url));
    for (const list of ['?q=garden', '?ordering=trending', '?ordering=trending&q=garden']) {
      const small = await count(`/api/forums/forums/${list}&limit=5`);
      expect(await count(`/api/forums/forums/${list}&limit=100`), list).toBe(small);
    }
    expect(await count('/api/common/fetchdata/?q=words')).toBe(
      await count('/api/common/fetchdata/?q=zanzibar'),
    );
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from comments where content like '%zanzibar%'`,
    );
    expect(rows[0]?.count).toBe(10);
  });
});
