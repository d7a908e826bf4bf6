import { MISSING_PAGE_META } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { as, postDiscussion } from '../../../test/forums';
import { postAlbum } from '../../../test/albums';
import { postPoll } from '../../../test/polls';
import { postQuiz } from '../../../test/quizzes';
import { makeWebDist, SITE_DESCRIPTION, type WebDist } from '../../../test/web-dist';

const TRICKY_TITLE = `Say "hi" to <b>O'Neil</b> & friends`;
const TRICKY_TITLE_HTML = 'Say &quot;hi&quot; to &lt;b&gt;O&#39;Neil&lt;/b&gt; &amp; friends';

describe('object pages: 404 when missing or not public, their own head when found', () => {
  let t: TestApp;
  let dist: WebDist;
  let ada: Member;

  beforeAll(async () => {
    dist = await makeWebDist();
    t = await createTestApp({ config: { webDist: dist.dir } });
    ada = await signUp(t, 'ada');
  });
  afterAll(async () => {
    await t.close();
    await dist.remove();
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('titles, describes and previews a discussion, everything escaped', async () => {
    const discussion = await postDiscussion(t, ada, {
      title: TRICKY_TITLE,
      content:
        '# Plans\n\nBring **snacks** and read [the "guide"](https://example.org/x?a=1&b=2) <script>alert(1)</script>.',
    });

    const response = await page(`/discussions/${discussion.id}`);

    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    const url = `${t.config.publicUrl}/discussions/${discussion.id}`;
    const description = 'Plans Bring snacks and read the &quot;guide&quot; alert(1).';
    expect(head).toContain(`<title>${TRICKY_TITLE_HTML} · Agora</title>`);
    expect(head).toContain(`<meta name="description" content="${description}" />`);
    expect(head).toContain(`<meta property="og:title" content="${TRICKY_TITLE_HTML}" />`);
    expect(head).toContain(`<meta property="og:description" content="${description}" />`);
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain('<meta property="og:site_name" content="Agora" />');
    expect(head).toContain(`<meta property="og:url" content="${url}" />`);
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('<b>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
    // The app itself still loads.
    expect(response.body).toContain('<div id="root">');
  });

  it('cuts a long description at a word, with an ellipsis', async () => {
    const discussion = await postDiscussion(t, ada, { content: 'word '.repeat(100) });
    const response = await page(`/discussions/${discussion.id}`);
    const description = /<meta name="description" content="([^"]*)"/.exec(response.body)?.[1];
    expect(description).toMatch(/^(word ){30,}word…$/);
    expect(description?.length).toBeLessThanOrEqual(160);
  });

  it('keeps an archived discussion reachable: its page still shows it', async () => {
    const discussion = await postDiscussion(t, ada);
    const archived = await as(t, ada).post('/api/common/archieve/', {
      model: 'forum',
      id: discussion.id,
    });
    expect(archived.statusCode, archived.body).toBeLessThan(300);
    const [row] = await t.db
      .execute<{ status: string }>(sql`select status from discussions where id = ${discussion.id}`)
      .then((result) => result.rows);
    expect(row?.status).toBe('archived');

    expect((await page(`/discussions/${discussion.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a discussion that does not exist, a draft and a hidden one', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const hidden = await postDiscussion(t, ada);
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);

    for (const url of [
      '/discussions/999999',
      '/discussions/abc',
      '/discussions/0',
      '/discussions/007',
      `/discussions/${draft.id}`,
      `/discussions/${hidden.id}`,
      `/discussions/${hidden.id}/edit`,
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<title>Page not found · Agora</title>');
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(response.body, url).toContain(`content="${SITE_DESCRIPTION}"`);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('titles a poll by its question and a quiz by its, and answers 404 when missing', async () => {
    const poll = await postPoll(t, ada, { question: 'Tea <or> coffee?' });
    const quiz = await postQuiz(t, ada, { question: 'Capital of "Australia"?' });

    const pollPage = await page(`/polls/${poll.id}`);
    expect(pollPage.statusCode).toBe(200);
    expect(pollPage.body).toContain(
      '<meta property="og:title" content="Tea &lt;or&gt; coffee?" />',
    );
    expect(pollPage.body).toContain('<meta property="og:type" content="article" />');

    const quizPage = await page(`/quizzes/${quiz.id}`);
    expect(quizPage.statusCode).toBe(200);
    expect(quizPage.body).toContain('<title>Capital of &quot;Australia&quot;? · Agora</title>');
    expect(quizPage.body).toContain(
      '<meta name="description" content="Sydney Canberra Melbourne" />',
    );
    // The answers are offered to everyone; which one is right is not said.
    expect(quizPage.body).not.toContain('Canberra was purpose-built');

    expect((await page('/polls/999999')).statusCode).toBe(404);
    expect((await page('/quizzes/999999/edit')).statusCode).toBe(404);
  });

  it('titles an album by its name, and answers 404 when it is missing or hidden', async () => {
    const album = await postAlbum(t, ada, 'Tide pools & <rocks>');
    const albumPage = await page(`/albums/${album.id}`);
    expect(albumPage.statusCode).toBe(200);
    expect(headOf(albumPage.body)).toContain(
      '<title>Tide pools &amp; &lt;rocks&gt; · Agora</title>',
    );

    const hidden = await postAlbum(t, ada, 'Hidden');
    await t.db.execute(sql`update albums set hidden_at = now() where id = ${hidden.id}`);
    expect((await page(`/albums/${hidden.id}`)).statusCode).toBe(404);
    expect((await page('/albums/999999')).statusCode).toBe(404);
  });

  it("answers a member's profile page with 200, and 404 for a member who does not exist", async () => {
    const found = await page('/user-info/ADA');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('<meta property="og:type" content="profile" />');
    expect(found.body).not.toContain(`name="${MISSING_PAGE_META}"`);
    const missing = await page('/user-info/nobody-here');
    expect(missing.statusCode).toBe(404);
    // The app reads this instead of asking the API for the member again.
    expect(missing.body).toContain(`<meta name="${MISSING_PAGE_META}" content="404" />`);
  });

  it('looks an object page up in a fixed, small number of queries', async () => {
    const discussion = await postDiscussion(t, ada);
    // A member's page: a visitor's also carries its first screen's answers (preloaded-answers).
    const queries = await t.countQueries(() =>
      t.app.inject({
        method: 'GET',
        url: `/discussions/${discussion.id}`,
        headers: { cookie: 'agora_refresh=x' },
      }),
    );
    expect(queries).toBeLessThanOrEqual(2);
  });
});
