import type {
  ContentHit,
  ContentSearchResults,
  FeaturedStatus,
  FeedPage,
  TagsList,
} from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff } from '../../../test/forums';
import { send } from '../../../test/moderation';
import { postPoll } from '../../../test/polls';
import { EXPLANATION, postQuiz } from '../../../test/quizzes';

/**
 * The /api/common/ endpoints for polls and quizzes: each goes through the kind's feed hook and
 * answers what the kind's own endpoints answer.
 */

interface KindCase {
  model: 'poll' | 'quiz';
  table: string;
  /** Its group in `fetchdata/`. */
  group: 'polls' | 'quizzes';
  list: string;
  detail: (id: number) => string;
  trending: string;
  /** A draft's body for `list`, tagged `drafted`. */
  draft: Record<string, unknown>;
  post: (t: TestApp, member: Member, question: string, tags?: string[]) => Promise<number>;
}

const KINDS: KindCase[] = [
  {
    model: 'poll',
    table: 'poll_posts',
    group: 'polls',
    list: '/api/forums/polls/',
    detail: (id) => `/api/forums/polls/${id}/`,
    trending: '/api/forums/trending_polls/',
    draft: {
      question: 'A draft poll?',
      options: ['Yes', 'No'],
      tags: ['drafted'],
      status: 'draft',
    },
    post: async (t, member, question, tags = []) =>
      (await postPoll(t, member, { question, tags })).id,
  },
  {
    model: 'quiz',
    table: 'quizzes',
    group: 'quizzes',
    list: '/api/forums/quizs/',
    detail: (id) => `/api/forums/quizs/${id}/`,
    trending: '/api/forums/trending_quizs/',
    draft: {
      question: 'A draft quiz?',
      answers: [
        { text: 'Yes', correct: true },
        { text: 'No', correct: false },
      ],
      tags: ['drafted'],
      status: 'draft',
    },
    post: async (t, member, question, tags = []) =>
      (await postQuiz(t, member, { question, tags })).id,
  },
];

describe.each(KINDS)('/api/common/ for $model', (kind) => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    staff = await signUp(t, 'staffer');
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, member: Member | null = bob) => {
    const response = await as(t, member).get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const statusOf = async (id: number) =>
    (
      await t.db.execute<{ status: string }>(
        sql`select status from ${sql.identifier(kind.table)} where id = ${id}`,
      )
    ).rows[0]?.status;

  it('lists its tags with counts, drafts and other kinds left out', async () => {
    await kind.post(t, ada, 'Which harbour lights best?', ['harbours', 'lights']);
    await kind.post(t, bob, 'Which harbour is oldest?', ['harbours']);
    const draft = await as(t, ada).post(kind.list, kind.draft);
    expect(draft.statusCode, draft.body).toBe(201);
    const { results } = await get<TagsList>(`/api/common/tags-list?model_name=${kind.model}`);
    expect(results).toEqual([
      { name: 'harbours', count: 2 },
      { name: 'lights', count: 1 },
    ]);
  });

  it('bookmarks and unbookmarks it', async () => {
    const id = await kind.post(t, ada, 'Worth keeping?');
    const added = await send(t, bob, 'POST', '/api/common/bookmark/', { model: kind.model, id });
    expect(added.statusCode, added.body).toBe(201);
    expect((await get<{ isBookmarked: boolean }>(kind.detail(id))).isBookmarked).toBe(true);
    const removed = await send(t, bob, 'DELETE', '/api/common/bookmark/', {
      model: kind.model,
      id,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await get<{ isBookmarked: boolean }>(kind.detail(id))).isBookmarked).toBe(false);
  });

  it('lets only its author archive it, once', async () => {
    const id = await kind.post(t, ada, 'Time to archive?');
    const archive = (member: Member) =>
      send(t, member, 'POST', '/api/common/archieve/', { model: kind.model, id });

    const refused = await archive(bob);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(id)).toBe('published');

    const archived = await archive(ada);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ id, status: 'archived' });
    expect(await statusOf(id)).toBe('archived');
    expect((await get<{ status: string }>(kind.detail(id))).status).toBe('archived');
    expect((await archive(ada)).statusCode).toBe(200);

    const unknown = await send(t, ada, 'POST', '/api/common/archieve/', {
      model: kind.model,
      id: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['id']);
  });

  it('is featured by staff and listed in its own shape, as its detail shows it', async () => {
    const id = await kind.post(t, ada, 'Feature me?');
    const ref = { model: kind.model, id };
    const featured = await send(t, staff, 'POST', '/api/common/featured-post/', ref);
    expect(featured.statusCode, featured.body).toBe(201);
    expect(featured.json<FeaturedStatus>()).toMatchObject({ ...ref, featured: true });
    expect(
      await get<FeaturedStatus>(`/api/common/featured-post/${kind.model}/${id}/`),
    ).toMatchObject({ featured: true });

    const page = await get<FeedPage>(`/api/common/featured-post/?model_type=${kind.model}`);
    expect(page.results).toEqual([await get(kind.detail(id))]);
    const forums = await get<FeedPage>('/api/common/featured-post/?model_type=forum');
    expect(forums.results).toEqual([]);

    expect((await send(t, bob, 'POST', '/api/common/featured-post/', ref)).statusCode).toBe(403);
    const unfeatured = await send(t, staff, 'DELETE', '/api/common/featured-post/', ref);
    expect(unfeatured.statusCode, unfeatured.body).toBe(204);
    const after = await get<FeedPage>(`/api/common/featured-post/?model_type=${kind.model}`);
    expect(after.results).toEqual([]);
  });

  it('trends as its own trending list ranks it', async () => {
    await kind.post(t, ada, 'Trending now?');
    const common = await get<FeedPage>(`/api/common/trending-post/?model_type=${kind.model}`);
    expect(common.results.length).toBeGreaterThan(0);
    expect(common).toEqual(await get(kind.trending));
  });

  it('is found by fetchdata/ in its own group, with a snippet', async () => {
    const id = await kind.post(t, ada, 'Which lighthouse keeper rows fastest?', ['sea']);
    const found = await get<ContentSearchResults>(
      `/api/common/fetchdata/?q=${encodeURIComponent('lighthouse keeper')}`,
    );
    expect(found.discussions).toEqual([]);
    const hits: ContentHit[] = found[kind.group];
    expect(hits.map((hit) => hit.id)).toEqual([id]);
    expect(hits[0]).toMatchObject({
      title: 'Which lighthouse keeper rows fastest?',
      tags: ['sea'],
      author: { username: 'ada' },
      likesCount: 0,
      commentsCount: 0,
    });
    // A poll's snippet is from its description, a quiz's from its question.
    expect(hits[0]?.snippet.length).toBeGreaterThan(0);
  });

  it('refuses a model of another kind naming the field, and writes nothing', async () => {
    const before = await countRows(t, 'bookmarks');
    const response = await send(t, bob, 'POST', '/api/common/bookmark/', {
      model: 'comment',
      id: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ model: ['Choose forum, poll or quiz.'] });
    expect(await countRows(t, 'bookmarks')).toBe(before);
  });
});

describe('fetchdata/ and quizzes', () => {
  let t: TestApp;
  let ada: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
  });
  afterAll(() => t.close());

  it('never finds a quiz by its explanation, nor shows it', async () => {
    await postQuiz(t, ada, { question: 'Which city is the capital?' });
    const word = 'compromise';
    expect(EXPLANATION).toContain(word);
    const response = await as(t, ada).get(`/api/common/fetchdata/?q=${word}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ContentSearchResults>().quizzes).toEqual([]);
    const capital = await as(t, null).get('/api/common/fetchdata/?q=capital');
    expect(capital.json<ContentSearchResults>().quizzes).toHaveLength(1);
    expect(capital.body).not.toContain(word);
  });
});
