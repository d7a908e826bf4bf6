import type { Discussion } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsTestApp,
  logIn,
  signUp,
  type Member,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, postDiscussion } from '../../../test/forums';

const detail = (id: number) => `/api/forums/forums/${id}/`;

describe('GET /api/forums/forums/{id}/', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('shows a published discussion to anyone, signed out too', async () => {
    const posted = await postDiscussion(t, ada, { tags: ['intro'], pollChoices: ['A', 'B'] });
    const response = await as(t, null).get(detail(posted.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Discussion>()).toEqual({ ...posted, viewsCount: 0 });
  });

  it('answers 404 for an unknown discussion', async () => {
    const response = await as(t, ada).get(detail(999_999));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it('shows a draft to its author only', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    expect((await as(t, ada).get(detail(draft.id))).statusCode).toBe(200);
    expect((await as(t, bob).get(detail(draft.id))).statusCode).toBe(404);
    expect((await as(t, null).get(detail(draft.id))).statusCode).toBe(404);
  });

  it('shows a hidden discussion to its author and staff only; an archived one to anyone', async () => {
    const hidden = await postDiscussion(t, ada);
    const archived = await postDiscussion(t, ada);
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    expect((await as(t, bob).get(detail(hidden.id))).statusCode).toBe(404);
    expect((await as(t, ada).get(detail(hidden.id))).json()).toMatchObject({ status: 'hidden' });
    expect((await as(t, null).get(detail(archived.id))).json()).toMatchObject({
      status: 'archived',
    });
  });

  it('rejects an id that is not a number', async () => {
    const response = await as(t, ada).get('/api/forums/forums/abc/');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['id']);
  });

  // Last: it moves the clock an hour on.
  it('counts a member’s view once per hour, and never a signed-out visit', async () => {
    const posted = await postDiscussion(t, ada);
    const views = async (member: Member | null) =>
      (await as(t, member).get(detail(posted.id))).json<Discussion>().viewsCount;
    expect(await views(bob)).toBe(1);
    expect(await views(bob)).toBe(1);
    expect(await views(null)).toBe(1);
    expect(await views(ada)).toBe(2);
    t.clock.advance(60 * 60 * 1000);
    // An hour later the access tokens have expired: sign in again.
    const bobLater = { ...bob, ...(await logIn(t, 'bob')) };
    expect(await views(bobLater)).toBe(3);
    expect(await countRows(t, 'discussion_views', sql`discussion_id = ${posted.id}`)).toBe(3);
    const { rows } = await t.db.execute<{ views_count: number }>(
      sql`select views_count from discussions where id = ${posted.id}`,
    );
    expect(rows).toEqual([{ views_count: 3 }]);
  });
});

describe('PATCH /api/forums/forums/{id}/', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const row = async (id: number) =>
    (
      await t.db.execute<{ title: string; content: string; status: string; edited_at: unknown }>(
        sql`select title, content, status, edited_at from discussions where id = ${id}`,
      )
    ).rows[0];

  it('lets the author edit title, text and tags, and marks the discussion edited', async () => {
    const posted = await postDiscussion(t, ada, { tags: ['old', 'kept'] });
    t.clock.advance(5000);
    const response = await as(t, ada).patch(detail(posted.id), {
      title: 'A better title',
      tags: ['kept', 'new'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Discussion>();
    expect(body).toMatchObject({ title: 'A better title', content: posted.content });
    expect(body.tags).toEqual(['kept', 'new']);
    expect(body.editedAt).toBe(body.updatedAt);
    expect(Date.parse(body.editedAt ?? '')).toBeGreaterThan(Date.parse(posted.createdAt));
    expect(await row(posted.id)).toMatchObject({ title: 'A better title' });
    expect(await countRows(t, 'discussion_tags', sql`discussion_id = ${posted.id}`)).toBe(2);
  });

  it('publishes a draft without marking it edited', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const response = await as(t, ada).patch(detail(draft.id), { status: 'published' });
    expect(response.json()).toMatchObject({ status: 'published', editedAt: null });
    expect(await row(draft.id)).toMatchObject({ status: 'published', edited_at: null });
  });

  it.each([
    ['a short title', { title: 'ab' }, 'title'],
    ['empty content', { content: '' }, 'content'],
    ['a hidden status', { status: 'hidden' }, 'status'],
    ['six tags', { tags: ['aa', 'bb', 'cc', 'dd', 'ee', 'ff'] }, 'tags'],
    ['no change at all', {}, 'nonFieldErrors'],
  ])('rejects %s, naming the field and changing nothing', async (_, payload, field) => {
    const posted = await postDiscussion(t, ada);
    const before = await row(posted.id);
    const response = await as(t, ada).patch(detail(posted.id), payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await row(posted.id)).toEqual(before);
  });

  it("refuses another member's discussion with 403 and changes nothing", async () => {
    const posted = await postDiscussion(t, ada);
    const before = await row(posted.id);
    const response = await as(t, bob).patch(detail(posted.id), { title: 'Hijacked' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Only the author can edit this discussion.' });
    expect(await row(posted.id)).toEqual(before);
  });

  it('needs a signed-in member', async () => {
    const posted = await postDiscussion(t, ada);
    const response = await as(t, null).patch(detail(posted.id), { title: 'Anonymous' });
    expect(response.statusCode).toBe(401);
    expect(await row(posted.id)).toMatchObject({ title: posted.title });
  });

  it("answers 404 for another member's draft, as if it did not exist", async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const response = await as(t, bob).patch(detail(draft.id), { title: 'Peeking' });
    expect(response.statusCode).toBe(404);
  });
});
