import {
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_RESULTS_MAX,
  type ContentSearchResults,
  type MemberSearchResults,
  type SnippetPart,
} from '@agora/shared';
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

const FETCH = '/api/common/fetchdata/';
const USERS = '/api/common/userdata/';

const fetchUrl = (q: string) => `${FETCH}?q=${encodeURIComponent(q)}`;
const highlighted = (snippet: SnippetPart[]) =>
  snippet.filter((part) => part.highlighted).map((part) => part.text);
const snippetText = (snippet: SnippetPart[]) => snippet.map((part) => part.text).join('');

describe('GET /api/common/fetchdata/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  async function search(q: string, member: Member | null = bob): Promise<ContentSearchResults> {
    const response = await as(t, member).get(fetchUrl(q));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ContentSearchResults>();
  }

  it('finds discussions and comments, best match first, with highlighted snippets', async () => {
    const passing = await postDiscussion(t, ada, {
      title: 'Weekend plans',
      content: 'We might go to the **lighthouse** if the weather holds.',
      tags: ['travel'],
    });
    const central = await postDiscussion(t, bob, {
      title: 'The lighthouse keepers',
      content: 'Every lighthouse had a keeper. Lighthouses were lonely places.',
      tags: ['history', 'sea'],
    });
    const comment = await postComment(t, ada, passing.id, 'The old lighthouse is open on Sundays.');
    const reply = await postReply(t, bob, comment.id, 'I saw the lighthouse last year.');
    await postComment(t, bob, passing.id, 'Sounds lovely.');

    const found = await search('lighthouse', null);
    expect(found.discussions.map((hit) => hit.id)).toEqual([central.id, passing.id]);
    expect(found.discussions[0]?.tags).toEqual(['history', 'sea']);
    expect(found.discussions[1]).toMatchObject({
      id: passing.id,
      title: 'Weekend plans',
      tags: ['travel'],
      author: { id: ada.user.id, username: 'ada', avatar: null },
      likesCount: 0,
      commentsCount: 3,
      createdAt: passing.createdAt,
    });
    // Markdown emphasis is dropped from the snippet; the matching word is its own part.
    expect(found.discussions[1]?.snippet).toEqual([
      { text: 'We might go to the ', highlighted: false },
      { text: 'lighthouse', highlighted: true },
      { text: ' if the weather holds.', highlighted: false },
    ]);
    expect(highlighted(found.discussions[0]?.snippet ?? [])).toEqual(['lighthouse', 'Lighthouses']);

    expect(found.comments.map((hit) => hit.id).sort()).toEqual([comment.id, reply.id].sort());
    const replyHit = found.comments.find((hit) => hit.id === reply.id);
    expect(replyHit).toEqual({
      id: reply.id,
      forum: passing.id,
      forumTitle: 'Weekend plans',
      parent: comment.id,
      author: { id: bob.user.id, username: 'bob', avatar: null },
      createdAt: reply.createdAt,
      snippet: [
        { text: 'I saw the ', highlighted: false },
        { text: 'lighthouse', highlighted: true },
        { text: ' last year.', highlighted: false },
      ],
    });
    expect(await countRows(t, 'comments', sql`model = 'forum' and object_id = ${passing.id}`)).toBe(
      3,
    );
  });

  it('shows passages around the matches of a long text', async () => {
    const filler = (word: string) => `${word} has nothing to do with it. `.repeat(15);
    const posted = await postDiscussion(t, ada, {
      title: 'A long read',
      content: `${filler('Rain')}The albatross glides for hours. ${filler('Snow')}An albatross again.`,
    });
    const [hit] = (await search('albatross')).discussions;
    expect(hit?.id).toBe(posted.id);
    const text = snippetText(hit?.snippet ?? []);
    expect(highlighted(hit?.snippet ?? [])).toEqual(['albatross', 'albatross']);
    expect(text).toContain(' … ');
    // The first passage starts after the beginning; the last one reaches the end.
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith('An albatross again')).toBe(true);
    expect(text.length).toBeLessThan(400);
    expect(await countRows(t, 'discussions', sql`id = ${posted.id}`)).toBe(1);
  });

  it('marks a passage cut at the end only, and a whole text not at all', async () => {
    const posted = await postDiscussion(t, ada, {
      title: 'Quokka sightings',
      content: `Quokka families smiled at us on the first morning. ${'We walked the island trails for hours and saw many birds. '.repeat(8)}`,
    });
    const [hit] = (await search('quokka')).discussions;
    expect(hit?.id).toBe(posted.id);
    const text = snippetText(hit?.snippet ?? []);
    expect(text.startsWith('Quokka families smiled')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect((await search('wombat')).discussions).toEqual([]);
    await postDiscussion(t, bob, { title: 'Wombats', content: 'A wombat dug a burrow.' });
    expect(snippetText((await search('wombat')).discussions[0]?.snippet ?? [])).toBe(
      'A wombat dug a burrow.',
    );
  });

  it('finds a discussion by its tag when the word is not in its title or text', async () => {
    const inText = await postDiscussion(t, ada, {
      title: 'Ridge walk on Saturday',
      content: 'Bring water, we go hiking at dawn.',
      tags: ['hiking'],
    });
    const onlyTagged = await postDiscussion(t, bob, {
      title: 'Boots that last',
      content: 'My boots fell apart after two seasons.',
      tags: ['hiking', 'gear'],
    });
    await postDiscussion(t, bob, { title: 'Boots for the office', content: 'Leather boots.' });

    const found = await search('hiking', null);
    expect(found.discussions.map((hit) => hit.id).sort()).toEqual(
      [inText.id, onlyTagged.id].sort(),
    );
    expect(found.discussions.find((hit) => hit.id === onlyTagged.id)?.tags).toEqual([
      'gear',
      'hiking',
    ]);
    // Words of the text and the tag together.
    expect((await search('hiking boots')).discussions.map((hit) => hit.id)).toEqual([
      onlyTagged.id,
    ]);
    expect((await search('hiking -boots')).discussions.map((hit) => hit.id)).toEqual([inText.id]);
    // The discussion list's search reads the tags too.
    const list = await as(t, null).get('/api/forums/forums/?q=hiking');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ results: { id: number }[] }>().results.map((item) => item.id)).toEqual([
      onlyTagged.id,
      inText.id,
    ]);
    expect(await countRows(t, 'discussion_tags', sql`discussion_id = ${onlyTagged.id}`)).toBe(2);
  });

  it('finds a discussion by the beginning of a word of its tag', async () => {
    const gardening = await postDiscussion(t, ada, {
      title: 'Tomatoes on a balcony',
      content: 'Mine split in the rain.',
      tags: ['gardening'],
    });
    const urban = await postDiscussion(t, bob, {
      title: 'Rooftop beds',
      content: 'Soil is heavy to carry up.',
      tags: ['urban-gardening', 'diy'],
    });
    const kindergarten = await postDiscussion(t, bob, {
      title: 'First day at school',
      content: 'Bring a spare shirt.',
      tags: ['kindergarten'],
    });
    const ids = (results: ContentSearchResults) => results.discussions.map((hit) => hit.id).sort();

    expect(ids(await search('garden', null))).toEqual([gardening.id, urban.id].sort());
    // A beginning that is not a stem: the stem of "gardening" is "garden", not "gard".
    expect(ids(await search('gard'))).toEqual([gardening.id, urban.id].sort());
    expect(ids(await search('garden rooftop'))).toEqual([urban.id]);
    // Too short to stand for a word, and not the beginning of one.
    expect(ids(await search('ga'))).toEqual([]);
    expect(ids(await search('arten'))).toEqual([]);
    expect(ids(await search('kindergarten'))).toEqual([kindergarten.id]);
    // Quotes and backslashes in the words are only words.
    expect(ids(await search("gard's \\gard"))).toEqual([gardening.id, urban.id].sort());
    // The discussion list's search finds them the same way.
    const list = await as(t, null).get('/api/forums/forums/?q=gard');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ results: { id: number }[] }>().results.map((item) => item.id)).toEqual([
      urban.id,
      gardening.id,
    ]);
    expect(await countRows(t, 'tags', sql`name like '%gar%'`)).toBe(3);
  });

  it('returns plain text: no markup, tags or forged highlight markers', async () => {
    const content = [
      'Try <img src=x onerror="alert(1)"> and <script>alert(2)</script> on the zeppelin.',
      `Fake \uE000markers\uE001 around zeppelin are removed.`,
    ].join('\n\n');
    const posted = await postDiscussion(t, ada, { title: 'Markup test', content });
    const found = await search('zeppelin');
    const [hit] = found.discussions;
    expect(hit?.id).toBe(posted.id);
    const snippet = hit?.snippet ?? [];
    expect(highlighted(snippet)).toEqual(['zeppelin', 'zeppelin']);
    expect(snippetText(snippet)).not.toMatch(/[<>\uE000\uE001]/);
    expect(snippetText(snippet)).toContain('markers around');
    const { rows } = await t.db.execute<{ content: string }>(
      sql`select content from discussions where id = ${posted.id}`,
    );
    expect(rows[0]?.content).toBe(content);
  });

  it('never shows hidden, archived or draft content, or deleted and hidden comments', async () => {
    const open = await postDiscussion(t, ada, { title: 'Narwhal facts' });
    const draft = await postDiscussion(t, ada, { title: 'Narwhal draft', status: 'draft' });
    const hidden = await postDiscussion(t, ada, { title: 'Narwhal hidden' });
    const archived = await postDiscussion(t, ada, { title: 'Narwhal archived' });
    const shown = await postComment(t, bob, open.id, 'A narwhal tusk is a tooth.');
    const deleted = await postComment(t, bob, open.id, 'Narwhal comment to delete.');
    const hiddenComment = await postComment(t, bob, open.id, 'Narwhal comment to hide.');
    await postReply(t, ada, hiddenComment.id, 'A narwhal reply under a hidden comment.');
    for (const other of [hidden, archived]) {
      await postComment(t, bob, other.id, 'Narwhal comment elsewhere.');
    }
    await t.db.execute(
      sql`insert into comments (model, object_id, author_id, content, created_at, updated_at)
          values ('forum', ${draft.id}, ${ada.user.id}, 'Narwhal note on a draft.', now(), now())`,
    );
    await as(t, bob).delete(`/api/forums/forums-comment/${deleted.id}/`);
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    await t.db.execute(sql`update comments set hidden_at = now() where id = ${hiddenComment.id}`);

    for (const viewer of [ada, bob, null]) {
      const found = await search('narwhal', viewer);
      expect(found.discussions.map((hit) => hit.id)).toEqual([open.id]);
      expect(found.comments.map((hit) => hit.id)).toEqual([shown.id]);
    }
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from comments where content ilike '%narwhal%'`,
    );
    expect(rows[0]?.count).toBeGreaterThanOrEqual(5);
  });

  it(`holds at most ${SEARCH_RESULTS_MAX} of each kind`, async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Pangolin club' });
    for (let index = 0; index < SEARCH_RESULTS_MAX + 2; index += 1) {
      await postDiscussion(t, ada, { title: `Pangolin ${index}` });
      await postComment(t, bob, discussion.id, `Pangolin note ${index}`);
    }
    const found = await search('pangolin');
    expect(found.discussions).toHaveLength(SEARCH_RESULTS_MAX);
    expect(found.comments).toHaveLength(SEARCH_RESULTS_MAX);
    expect(
      await countRows(t, 'comments', sql`model = 'forum' and object_id = ${discussion.id}`),
    ).toBe(SEARCH_RESULTS_MAX + 2);
  });

  it.each([
    ['', 'q'],
    ['?q=', 'q'],
    ['?q=%20', 'q'],
    [`?q=${'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, 'q'],
  ])('rejects %s, naming %s and writing nothing', async (query, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).get(`${FETCH}${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });
});

describe('GET /api/common/userdata/', () => {
  let t: TestApp;
  let viewer: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    viewer = await signUp(t, 'viewer');
  });
  afterAll(() => t.close());

  async function search(q: string): Promise<MemberSearchResults> {
    const response = await as(t, viewer).get(`${USERS}?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MemberSearchResults>();
  }
  const usernames = (results: MemberSearchResults) => results.results.map((hit) => hit.username);

  async function name(member: Member, firstName: string, lastName: string) {
    await t.db.execute(
      sql`update users set first_name = ${firstName}, last_name = ${lastName} where id = ${member.user.id}`,
    );
  }

  it('puts the exact username first, then prefixes, then names, then similar spellings', async () => {
    const marta = await signUp(t, 'marta');
    await signUp(t, 'martabak');
    await signUp(t, 'martin');
    const grace = await signUp(t, 'grace');
    await name(grace, 'Marta', 'Hopper');
    const lin = await signUp(t, 'lin');
    await name(lin, 'Ada', 'Martalova');
    await signUp(t, 'mrta');
    await signUp(t, 'unrelated');

    const found = await search('Marta');
    // Exact, prefix, then names with a word starting with it, then similar spellings.
    expect(usernames(found)).toEqual(['marta', 'martabak', 'grace', 'lin', 'martin', 'mrta']);
    expect(found.results[0]).toEqual({
      id: marta.user.id,
      username: 'marta',
      firstName: '',
      lastName: '',
      avatar: null,
    });
    expect(found.results[2]).toEqual({
      id: grace.user.id,
      username: 'grace',
      firstName: 'Marta',
      lastName: 'Hopper',
      avatar: null,
    });
    // A misspelling still finds the member.
    expect(usernames(await search('martni'))).toContain('martin');
  });

  it('never lists deleted accounts', async () => {
    const gone = await signUp(t, 'zebedee');
    await signUp(t, 'zebedee2');
    await t.db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
    expect(usernames(await search('zebedee'))).toEqual(['zebedee2']);
    expect(await countRows(t, 'users', sql`username = 'zebedee'`)).toBe(1);
  });

  it('matches % and _ literally', async () => {
    await signUp(t, 'under_score');
    await signUp(t, 'underdog');
    // Only the literal prefix ranks first; the other is merely a similar spelling.
    const found = await search('under_');
    expect(usernames(found)).toEqual(['under_score', 'underdog']);
    expect(usernames(await search('%'))).toEqual([]);
  });

  it(`holds at most ${SEARCH_RESULTS_MAX} members`, async () => {
    for (let index = 0; index < SEARCH_RESULTS_MAX + 1; index += 1) {
      await signUp(t, `quill${index}`);
    }
    expect((await search('quill')).results).toHaveLength(SEARCH_RESULTS_MAX);
  });

  it('needs a signed-in member', async () => {
    const response = await as(t, null).get(`${USERS}?q=viewer`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it.each([
    ['', 'q'],
    ['?q=', 'q'],
    [`?q=${'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, 'q'],
  ])('rejects %s, naming %s and writing nothing', async (query, field) => {
    const before = await countRows(t, 'users');
    const response = await as(t, viewer).get(`${USERS}${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await countRows(t, 'users')).toBe(before);
  });
});
