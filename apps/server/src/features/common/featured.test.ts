import type { Discussion, FeaturedPage, FeaturedStatus } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff, postDiscussion } from '../../../test/forums';
import { send } from '../../../test/moderation';

const FEATURED = '/api/common/featured-post/';
const LIST = `${FEATURED}?model_type=forum`;
const statusUrl = (id: number) => `${FEATURED}forum/${id}/`;

describe('/api/common/featured-post/', () => {
  let t: TestApp & { clock: TestClock };
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

  const featuredRows = () => countRows(t, 'featured_posts');
  const clearFeatured = () => t.db.execute(sql`delete from featured_posts`);
  const list = async (member: Member | null = null, query = '') => {
    const response = await as(t, member).get(`${LIST}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FeaturedPage>();
  };
  const featureAs = (member: Member | null, id: number) =>
    send(t, member, 'POST', FEATURED, { model: 'forum', id });
  const unfeatureAs = (member: Member | null, id: number) =>
    send(t, member, 'DELETE', FEATURED, { model: 'forum', id });

  it('lets staff feature a discussion, listed newest featured first, and unfeature it', async () => {
    await clearFeatured();
    const first = await postDiscussion(t, ada, { title: 'First pick' });
    const second = await postDiscussion(t, bob, { title: 'Second pick' });
    const response = await featureAs(staff, first.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FeaturedStatus>()).toEqual({
      model: 'forum',
      id: first.id,
      featured: true,
      featuredAt: expect.any(String),
    });
    t.clock.advance(1000);
    expect((await featureAs(staff, second.id)).statusCode).toBe(201);

    const page = await list(bob);
    expect(page.next).toBeNull();
    expect(page.results.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page.results[1]).toEqual<Discussion>({ ...first, viewsCount: 0 });

    // Featuring again keeps the first date.
    const featuredAt = response.json<FeaturedStatus>().featuredAt;
    t.clock.advance(1000);
    const again = await featureAs(staff, first.id);
    expect(again.json<FeaturedStatus>().featuredAt).toBe(featuredAt);
    expect(await featuredRows()).toBe(2);

    const status = await as(t, null).get(statusUrl(first.id));
    expect(status.json<FeaturedStatus>()).toEqual({
      model: 'forum',
      id: first.id,
      featured: true,
      featuredAt,
    });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const removed = await unfeatureAs(staff, first.id);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(removed.body).toBe('');
    }
    expect(await featuredRows()).toBe(1);
    expect((await list()).results.map((item) => item.id)).toEqual([second.id]);
    expect((await as(t, null).get(statusUrl(first.id))).json<FeaturedStatus>()).toEqual({
      model: 'forum',
      id: first.id,
      featured: false,
      featuredAt: null,
    });
  });

  it('lists published discussions only: hidden and archived ones drop out', async () => {
    await clearFeatured();
    const shown = await postDiscussion(t, ada);
    const hidden = await postDiscussion(t, ada);
    const archived = await postDiscussion(t, ada);
    for (const discussion of [shown, hidden, archived]) {
      expect((await featureAs(staff, discussion.id)).statusCode).toBe(201);
    }
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    expect((await list()).results.map((item) => item.id)).toEqual([shown.id]);
  });

  it('pages with a cursor, in a fixed number of queries', async () => {
    await clearFeatured();
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const discussion = await postDiscussion(t, ada);
      t.clock.advance(10);
      await featureAs(staff, discussion.id);
      ids.unshift(discussion.id);
    }
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(null, `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.results.map((item) => item.id));
      cursor = page.next;
    }
    expect(seen).toEqual(ids);
    const queries = (limit: number) =>
      t.countQueries(() => as(t, bob).get(`${LIST}&limit=${limit}`));
    expect(await queries(5)).toBe(await queries(1));
  });

  it.each([
    ['', 'model_type'],
    ['?model_type=comment', 'model_type'],
    ['?model_type=forum&limit=0', 'limit'],
    ['?model_type=forum&cursor=bad', 'cursor'],
  ])('rejects the list query %s, naming %s', async (query, field) => {
    const response = await as(t, null).get(`${FEATURED}${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it.each([
    [{ id: 1 }, 'model'],
    [{ model: 'comment', id: 1 }, 'model'],
    [{ model: 'forum' }, 'id'],
    [{ model: 'forum', id: 'x' }, 'id'],
  ])('rejects %o, naming %s and writing nothing', async (payload, field) => {
    const before = await featuredRows();
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await send(t, staff, method, FEATURED, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    }
    expect(await featuredRows()).toBe(before);
  });

  it('refuses to feature a draft, a hidden or an unknown discussion, naming id', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const hidden = await postDiscussion(t, ada);
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    const before = await featuredRows();
    for (const id of [draft.id, hidden.id, 999_999]) {
      const response = await featureAs(staff, id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        id: ['This discussion does not exist or is not published, so it cannot be featured.'],
      });
    }
    const unknown = await unfeatureAs(staff, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ id: ['This discussion does not exist.'] });
    expect(await featuredRows()).toBe(before);
  });

  it('refuses members who are not staff (403), the author too, and signed-out visitors (401)', async () => {
    await clearFeatured();
    const discussion = await postDiscussion(t, ada);
    const featured = await postDiscussion(t, ada);
    await featureAs(staff, featured.id);
    for (const member of [ada, bob]) {
      const added = await featureAs(member, discussion.id);
      expect(added.statusCode).toBe(403);
      expect(added.json()).toEqual({ detail: 'Only staff members can do this.' });
      const removed = await unfeatureAs(member, featured.id);
      expect(removed.statusCode).toBe(403);
    }
    expect((await featureAs(null, discussion.id)).statusCode).toBe(401);
    expect((await unfeatureAs(null, featured.id)).statusCode).toBe(401);
    expect((await list()).results.map((item) => item.id)).toEqual([featured.id]);
    expect(await featuredRows()).toBe(1);
  });

  it('rejects a status path with a bad model or id', async () => {
    expect(Object.keys((await as(t, null).get(`${FEATURED}comment/1/`)).json())).toEqual(['model']);
    expect(Object.keys((await as(t, null).get(`${FEATURED}forum/x/`)).json())).toEqual(['id']);
  });
});
