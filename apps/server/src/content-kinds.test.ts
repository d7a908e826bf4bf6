import {
  CONTENT_MODELS,
  REPORTS_TO_HIDE,
  type ContentComment,
  type ContentModel,
  type DiscussionPage,
  type LikeResult,
  type ModerationDecision,
  type Report,
  type ReportedObjectPage,
} from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../test/accounts';
import type { TestApp } from '../test/build-app';
import {
  contentRowCounts,
  keptAbout,
  NOTHING_KEPT,
  rowOf,
  send,
  type ApiRequest,
  type Body,
  type ObjectRef,
} from '../test/content';
import { KIND_FIXTURES, type KindFixture, type Made, type Seen } from '../test/content-fixtures';
import { as, countRows, makeStaff } from '../test/forums';
import { report, reportsOf } from '../test/moderation';
import { eventsHandled } from '../test/notifications';
import { CONTENT_CLEANERS, CONTENT_KINDS } from './content-kinds';
import { ContentRegistry } from './platform/content';

/**
 * The content kernel's conformance suite: every kind registered in content-kinds.ts gets the
 * same checks of likes, bookmarks, reports and hiding, ownership and clean-up, through the real
 * API, from its fixture in test/content-fixtures.ts.
 */

/** The kinds the app registers, known before it is built so each gets its own `describe`. */
const REGISTERED = new ContentRegistry(CONTENT_KINDS, CONTENT_CLEANERS)
  .kinds()
  .map((kind) => kind.model);

const isContentModel = (model: string): model is ContentModel =>
  (CONTENT_MODELS as readonly string[]).includes(model);

function fixtureOf(model: string): { model: ContentModel; fixture: KindFixture } {
  if (!isContentModel(model)) {
    throw new Error(
      `content kind '${model}' is registered but not in CONTENT_MODELS and has no fixture: ` +
        'add it to packages/shared/src/content-kinds.ts and test/content-fixtures.ts',
    );
  }
  return { model, fixture: KIND_FIXTURES[model] };
}

const LIKE = '/api/forums/like/';
const COMMENTS = '/api/forums/comments/';
const QUEUE = '/api/moderation/reports/?limit=100';
const UNKNOWN_ID = 999_999_999;
/** Members liking one object at once. */
const FANS = 20;

const decide = (ref: ObjectRef, decision: 'dismiss' | 'hide'): ApiRequest => ({
  method: 'POST',
  url: `/api/moderation/reports/${ref.model}/${ref.id}/${decision}/`,
});

describe('every registered content kind', () => {
  let t: TestApp;
  let owner: Member;
  let staff: Member;
  /** Other members: the first few report, all of them like at once. */
  let fans: Member[];
  let bob: Member;
  let cyd: Member;
  let dee: Member;
  /** A member who neither likes nor reports in a test unless it says so. */
  let eve: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const names = ['owner', 'staffer', ...Array.from({ length: FANS }, (_, i) => `fan${i + 1}`)];
    const [first, second, ...rest] = await Promise.all(names.map((name) => signUp(t, name)));
    if (!first || !second) throw new Error('no members');
    [owner, staff, fans] = [first, second, rest];
    // Before the first request, so the session the guard caches already carries the flag.
    await makeStaff(t, staff);
    const [b, c, d] = fans;
    const e = fans.at(-1);
    if (!b || !c || !d || !e || fans.length <= REPORTS_TO_HIDE) throw new Error('too few fans');
    [bob, cyd, dee, eve] = [b, c, d, e];
  });
  afterAll(() => t.close());

  const seenBy = async (fixture: KindFixture, made: Made, viewer: Member | null): Promise<Seen> =>
    fixture.seen(await send(t, viewer, made.read), made.id);

  const ok = async (member: Member | null, request: ApiRequest, status: number) => {
    const response = await send(t, member, request);
    expect(response.statusCode, response.body).toBe(status);
    return response;
  };

  const like = (member: Member | null, ref: ObjectRef) =>
    send(t, member, { method: 'POST', url: LIKE, payload: { ...ref } });

  const likesCountOf = async (fixture: KindFixture, id: number) =>
    (await rowOf(t, fixture.table, id))?.likes_count;

  const idsIn = async (member: Member, url: string) => {
    const response = await as(t, member).get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DiscussionPage>().results.map((item) => item.id);
  };

  const postComment = (member: Member | null, payload: Body) =>
    send(t, member, { method: 'POST', url: COMMENTS, payload });

  const queued = async (ref: ObjectRef) => {
    const response = await as(t, staff).get(QUEUE);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<ReportedObjectPage>()
      .results.find((item) => item.model === ref.model && item.id === ref.id);
  };

  it('has a fixture for every kind the app registers', () => {
    expect(t.app.content.kinds().map((kind) => kind.model)).toEqual(REGISTERED);
    const missing = REGISTERED.filter((model) => !isContentModel(model));
    expect(missing, 'registered kinds without a fixture in test/content-fixtures.ts').toEqual([]);
  });

  describe.each(REGISTERED)("kind '%s'", (registered) => {
    const { model, fixture } = fixtureOf(registered);
    const make = async (): Promise<[Made, ObjectRef]> => {
      const made = await fixture.create(t, owner);
      return [made, { model, id: made.id }];
    };

    it('is liked and unliked by a member, its counter following the rows', async () => {
      const [made, ref] = await make();
      const liked = await like(bob, ref);
      expect(liked.statusCode, liked.body).toBe(200);
      expect(liked.json<LikeResult>()).toEqual({ liked: true, likesCount: 1 });
      expect(await keptAbout(t, ref)).toMatchObject({ likes: 1 });
      expect(await likesCountOf(fixture, made.id)).toBe(1);
      expect(await seenBy(fixture, made, bob)).toMatchObject({ likesCount: 1, isLiked: true });
      expect(await seenBy(fixture, made, owner)).toMatchObject({ likesCount: 1, isLiked: false });
      if (fixture.likedList) {
        expect(await idsIn(bob, fixture.likedList)).toContain(made.id);
        expect(await idsIn(cyd, fixture.likedList)).not.toContain(made.id);
      }

      const unliked = await like(bob, ref);
      expect(unliked.statusCode, unliked.body).toBe(200);
      expect(unliked.json<LikeResult>()).toEqual({ liked: false, likesCount: 0 });
      expect(await keptAbout(t, ref)).toMatchObject({ likes: 0 });
      expect(await likesCountOf(fixture, made.id)).toBe(0);
      expect(await seenBy(fixture, made, bob)).toMatchObject({ likesCount: 0, isLiked: false });
      if (fixture.likedList) expect(await idsIn(bob, fixture.likedList)).not.toContain(made.id);
    });

    it(`counts ${FANS} members liking at once exactly, and unliking at once back to zero`, async () => {
      const [made, ref] = await make();
      const likes = await Promise.all(fans.map((fan) => like(fan, ref)));
      expect(likes.map((response) => response.statusCode)).toEqual(fans.map(() => 200));
      // Each like moved the counter by one under the row's lock: every count from 1 to FANS once.
      expect(
        likes.map((response) => response.json<LikeResult>().likesCount).sort((a, b) => a - b),
      ).toEqual(fans.map((_, index) => index + 1));
      expect(await keptAbout(t, ref)).toMatchObject({ likes: FANS });
      expect(await likesCountOf(fixture, made.id)).toBe(FANS);
      expect(await seenBy(fixture, made, null)).toMatchObject({ likesCount: FANS });

      const unlikes = await Promise.all(fans.map((fan) => like(fan, ref)));
      expect(unlikes.map((response) => response.json<LikeResult>().liked)).toEqual(
        fans.map(() => false),
      );
      expect(await keptAbout(t, ref)).toMatchObject({ likes: 0 });
      expect(await likesCountOf(fixture, made.id)).toBe(0);
    });

    it('is bookmarked and listed where the kind takes bookmarks, and refused where not', async () => {
      const [made, ref] = await make();
      const { bookmark } = fixture;
      if (!bookmark) {
        const refused = await send(t, bob, {
          method: 'POST',
          url: '/api/common/bookmark/',
          payload: { ...ref },
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(Object.keys(refused.json<Body>())).toEqual(['model']);
        expect(await keptAbout(t, ref)).toMatchObject({ bookmarks: 0 });
        return;
      }
      const added = await ok(bob, bookmark.add(made.id), 201);
      expect(added.json()).toEqual({ bookmarked: true });
      expect(await keptAbout(t, ref)).toMatchObject({ bookmarks: 1 });
      expect(await idsIn(bob, bookmark.list)).toContain(made.id);
      expect(await idsIn(cyd, bookmark.list)).not.toContain(made.id);
      // Bookmarking it again changes nothing.
      await ok(bob, bookmark.add(made.id), 201);
      expect(await keptAbout(t, ref)).toMatchObject({ bookmarks: 1 });

      const removed = await ok(bob, bookmark.remove(made.id), 204);
      expect(removed.body).toBe('');
      expect(await keptAbout(t, ref)).toMatchObject({ bookmarks: 0 });
      expect(await idsIn(bob, bookmark.list)).not.toContain(made.id);
    });

    it('takes one open report per member, and none from its owner', async () => {
      const [made, ref] = await make();
      const first = await report(t, bob, { ...ref, reason: 'spam', details: 'An advert.' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<Report>()).toMatchObject({
        model,
        objectId: made.id,
        reason: 'spam',
        details: 'An advert.',
        status: 'open',
      });
      expect(await reportsOf(t, model, made.id)).toEqual([
        expect.objectContaining({ reporter_id: bob.user.id, status: 'open' }),
      ]);

      const again = await report(t, bob, ref);
      expect(again.statusCode, again.body).toBe(400);
      expect(again.json()).toEqual({
        nonFieldErrors: ['You have already reported this; our moderators will take a look.'],
      });
      const own = await report(t, owner, ref);
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json()).toEqual({ nonFieldErrors: ['You cannot report your own post.'] });
      expect(await reportsOf(t, model, made.id)).toHaveLength(1);
      // One report is not enough to hide it.
      expect(fixture.isHidden((await rowOf(t, fixture.table, made.id)) ?? {})).toBe(false);
      expect(await seenBy(fixture, made, eve)).toMatchObject({ state: 'shown' });
    });

    it(`is hidden by ${REPORTS_TO_HIDE} reports from all but its owner and staff, until staff dismiss them`, async () => {
      const [made, ref] = await make();
      const reporters = fans.slice(0, REPORTS_TO_HIDE);
      for (const [index, reporter] of reporters.entries()) {
        expect(fixture.isHidden((await rowOf(t, fixture.table, made.id)) ?? {})).toBe(false);
        expect(await seenBy(fixture, made, eve)).toMatchObject({ state: 'shown' });
        const response = await report(t, reporter, ref);
        expect(response.statusCode, response.body).toBe(201);
        expect(await reportsOf(t, model, made.id)).toHaveLength(index + 1);
      }
      expect(fixture.isHidden((await rowOf(t, fixture.table, made.id)) ?? {})).toBe(true);
      for (const other of [eve, null]) {
        expect(await seenBy(fixture, made, other)).toMatchObject({ state: fixture.hiddenToOthers });
      }
      for (const allowed of [owner, staff]) {
        expect(await seenBy(fixture, made, allowed)).toMatchObject({ state: 'shown' });
      }

      // Nobody acts on it while it is hidden.
      const before = await contentRowCounts(t);
      const liked = await like(eve, ref);
      expect(liked.statusCode, liked.body).toBe(400);
      expect(Object.keys(liked.json<Body>())).toEqual(['id']);
      const reported = await report(t, eve, ref);
      expect(reported.statusCode, reported.body).toBe(404);
      if (fixture.comment) {
        const commented = await postComment(eve, fixture.comment(made.id));
        expect(commented.statusCode, commented.body).toBe(400);
      }
      expect(await contentRowCounts(t)).toEqual(before);

      expect(await queued(ref)).toMatchObject({
        state: 'hidden',
        openReports: REPORTS_TO_HIDE,
        author: { id: owner.user.id },
      });
      const dismissed = await ok(staff, decide(ref, 'dismiss'), 200);
      expect(dismissed.json<ModerationDecision>()).toEqual({
        model,
        id: made.id,
        decision: 'dismiss',
        closedReports: REPORTS_TO_HIDE,
        state: 'visible',
      });
      expect(await reportsOf(t, model, made.id)).toEqual(
        reporters.map((reporter) =>
          expect.objectContaining({
            reporter_id: reporter.user.id,
            status: 'dismissed',
            resolved_by_id: staff.user.id,
          }),
        ),
      );
      expect(fixture.isHidden((await rowOf(t, fixture.table, made.id)) ?? {})).toBe(false);
      for (const other of [eve, null]) {
        expect(await seenBy(fixture, made, other)).toMatchObject({ state: 'shown' });
      }
      expect(await queued(ref)).toBeUndefined();
      await ok(staff, decide(ref, 'dismiss'), 404);
    });

    it('is edited by its owner only', async () => {
      const [made] = await make();
      const { request, field, value } = fixture.edit;
      const before = await rowOf(t, fixture.table, made.id);
      const refused = await ok(bob, request(made.id), fixture.othersGet);
      expect(refused.json()).toEqual({ detail: expect.any(String) });
      await ok(null, request(made.id), 401);
      await ok(owner, request(UNKNOWN_ID), 404);
      expect(await rowOf(t, fixture.table, made.id)).toEqual(before);

      const edited = await ok(owner, request(made.id), 200);
      expect(edited.json()).toMatchObject({ id: made.id, [field]: value });
      expect(await rowOf(t, fixture.table, made.id)).toMatchObject({ [field]: value });
      expect(await seenBy(fixture, made, bob)).toMatchObject({ state: 'shown', content: value });
    });

    it('is deleted by its owner only', async () => {
      const [made] = await make();
      const before = await rowOf(t, fixture.table, made.id);
      const counts = await contentRowCounts(t);
      const refused = await ok(bob, fixture.remove(made.id), fixture.othersGet);
      expect(refused.json()).toEqual({ detail: expect.any(String) });
      await ok(null, fixture.remove(made.id), 401);
      await ok(owner, fixture.remove(UNKNOWN_ID), 404);
      expect(await rowOf(t, fixture.table, made.id)).toEqual(before);
      expect(await contentRowCounts(t)).toEqual(counts);
      expect(await seenBy(fixture, made, bob)).toMatchObject({ state: 'shown' });
    });

    it('answers 401 to every write when signed out, writing nothing', async () => {
      const [made, ref] = await make();
      const before = await rowOf(t, fixture.table, made.id);
      const counts = await contentRowCounts(t);
      const writes: ApiRequest[] = [
        { method: 'POST', url: LIKE, payload: { ...ref } },
        { method: 'POST', url: '/api/forums/report/', payload: { ...ref, reason: 'spam' } },
        {
          method: 'POST',
          url: COMMENTS,
          payload: fixture.comment?.(made.id) ?? { ...ref, content: 'Hello.' },
        },
        fixture.bookmark?.add(made.id) ?? {
          method: 'POST',
          url: '/api/common/bookmark/',
          payload: { ...ref },
        },
        fixture.bookmark?.remove(made.id) ?? {
          method: 'DELETE',
          url: '/api/common/bookmark/',
          payload: { ...ref },
        },
        fixture.edit.request(made.id),
        fixture.remove(made.id),
      ];
      for (const write of writes) {
        const response = await send(t, null, write);
        expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBe(401);
        expect(response.json()).toEqual({ detail: expect.any(String) });
      }
      expect(await rowOf(t, fixture.table, made.id)).toEqual(before);
      expect(await contentRowCounts(t)).toEqual(counts);
    });

    it('answers an unknown id as the API says, writing nothing', async () => {
      const ref = { model, id: UNKNOWN_ID };
      const counts = await contentRowCounts(t);
      const liked = await like(bob, ref);
      expect(liked.statusCode, liked.body).toBe(400);
      expect(Object.keys(liked.json<Body>())).toEqual(['id']);
      const reported = await report(t, bob, ref);
      expect(reported.statusCode, reported.body).toBe(404);
      expect(reported.json()).toEqual({ detail: expect.any(String) });
      if (fixture.bookmark) {
        const bookmarked = await ok(bob, fixture.bookmark.add(UNKNOWN_ID), 400);
        expect(Object.keys(bookmarked.json<Body>())).toEqual(['id']);
      }
      if (fixture.comment) {
        const payload = fixture.comment(UNKNOWN_ID);
        const commented = await postComment(bob, payload);
        expect(commented.statusCode, commented.body).toBe(400);
        // The field naming what it is on: `id`, or `parent` for a reply.
        expect(Object.keys(commented.json<Body>())).toEqual([
          'parent' in payload ? 'parent' : 'id',
        ]);
      }
      await ok(owner, fixture.edit.request(UNKNOWN_ID), 404);
      await ok(owner, fixture.remove(UNKNOWN_ID), 404);
      expect(await contentRowCounts(t)).toEqual(counts);
    });

    it(
      fixture.deletion.soft
        ? 'is deleted softly by its owner, keeping what the fixture says, and cleaned up with what holds it'
        : 'is deleted by its owner with everything kept about it, but an open report until staff decide',
      async () => {
        const [made, ref] = await make();
        expect((await like(bob, ref)).statusCode).toBe(200);
        if (fixture.bookmark) await ok(bob, fixture.bookmark.add(made.id), 201);
        // A closed report, then an open one.
        expect((await report(t, cyd, ref)).statusCode).toBe(201);
        await ok(staff, decide(ref, 'dismiss'), 200);
        expect((await report(t, dee, ref)).statusCode).toBe(201);
        // A comment on it (or reply to it), liked by the owner.
        let child: ObjectRef | undefined;
        if (fixture.comment) {
          const posted = await postComment(bob, fixture.comment(made.id));
          expect(posted.statusCode, posted.body).toBe(201);
          const { id, parent } = posted.json<ContentComment>();
          child = { model: parent === null ? 'comment' : 'subcomment', id };
          expect((await like(owner, child)).statusCode).toBe(200);
        }
        await eventsHandled(t);
        const kept = {
          ...NOTHING_KEPT,
          likes: 1,
          bookmarks: fixture.bookmark ? 1 : 0,
          openReports: 1,
          closedReports: 1,
          // The owner heard of bob's like; cyd, of staff dismissing their report.
          notifications: 2,
        };
        expect(await keptAbout(t, ref)).toEqual(kept);
        // Its commenter heard of the owner's like, the owner of the comment.
        const childKept = { ...NOTHING_KEPT, likes: 1, notifications: 2 };
        if (child) expect(await keptAbout(t, child)).toEqual(childKept);

        const deleted = await ok(owner, fixture.remove(made.id), 204);
        expect(deleted.body).toBe('');
        const { deletion } = fixture;
        const keeps = deletion.soft ? deletion.keeps : {};
        expect(await keptAbout(t, ref)).toEqual({ ...NOTHING_KEPT, openReports: 1, ...keeps });
        const rows = () => countRows(t, fixture.table, sql`id = ${made.id}`);
        expect(await rows()).toBe(deletion.soft ? 1 : 0);
        if (child) {
          // A soft delete keeps what answers it; a hard one removes it with its likes and news.
          expect(await countRows(t, 'comments', sql`id = ${child.id}`)).toBe(deletion.soft ? 1 : 0);
          expect(await keptAbout(t, child)).toEqual(deletion.soft ? childKept : NOTHING_KEPT);
        }
        expect(await seenBy(fixture, made, bob)).toMatchObject({
          state: deletion.soft ? deletion.seenAs : 'missing',
        });
        // Nobody acts on it any more.
        expect((await like(eve, ref)).statusCode).toBe(400);
        expect((await report(t, eve, ref)).statusCode).toBe(404);

        // The open report outlives it until staff decide; the decision removes it.
        expect(await queued(ref)).toMatchObject({ state: 'deleted', author: null, openReports: 1 });
        const dismissed = await ok(staff, decide(ref, 'dismiss'), 200);
        expect(dismissed.json<ModerationDecision>()).toEqual({
          model,
          id: made.id,
          decision: 'dismiss',
          closedReports: 1,
          state: 'deleted',
        });
        expect(await keptAbout(t, ref)).toEqual({ ...NOTHING_KEPT, ...keeps, openReports: 0 });
        expect(await queued(ref)).toBeUndefined();

        if (!deletion.soft) return;
        // Deleting what holds it forgets it and what answers it.
        if (!made.purge) throw new Error(`the '${model}' fixture makes no purge request`);
        await ok(owner, made.purge, 204);
        expect(await rows()).toBe(0);
        expect(await keptAbout(t, ref)).toEqual(NOTHING_KEPT);
        if (child) {
          expect(await countRows(t, 'comments', sql`id = ${child.id}`)).toBe(0);
          expect(await keptAbout(t, child)).toEqual(NOTHING_KEPT);
        }
      },
    );
  });
});
