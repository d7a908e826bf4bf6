import type { ContentComment, ContentCommentPage, MemberCommentPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  as,
  countRows,
  makeStaff,
  postComment,
  postDiscussion,
  postReply,
  recordEvents,
} from '../../../test/forums';
import { eventsHandled } from '../../../test/notifications';
import { postPoll } from '../../../test/polls';
import { CONTENT_EVENTS } from '../../platform/content';

const COMMENTS = '/api/forums/comments/';
const BY_AUTHOR = `${COMMENTS}by_author/`;

describe('/api/forums/comments/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const commentCount = () => countRows(t, 'comments');

  /** `member`'s comment on the discussion, through the kernel's route (201). */
  async function commentOn(member: Member, discussion: number, content: string) {
    const created = await as(t, member).post(COMMENTS, { model: 'forum', id: discussion, content });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<ContentComment>();
  }

  it("answers a new comment with its author's card as lists show it: avatar and staff role", async () => {
    const mod = await signUp(t, 'mod_with_avatar');
    await makeStaff(t, mod, 'moderator');
    await t.db.execute(
      sql`update users set avatar_key = 'avatars/mod.webp' where id = ${mod.user.id}`,
    );
    const discussion = await postDiscussion(t, ada, { title: 'Carded' });
    const { author } = await commentOn(mod, discussion.id, 'With my card.');
    expect(author).toEqual({
      id: mod.user.id,
      username: 'mod_with_avatar',
      avatar: t.app.storage.url('avatars/mod.webp'),
      role: 'moderator',
    });
    const page = (
      await as(t, null).get(`${COMMENTS}?model=forum&id=${discussion.id}`)
    ).json<ContentCommentPage>();
    expect(page.results[0]?.author).toEqual(author);
  });

  it('writes the job of a new comment or reply with the very event it announces', async () => {
    // A trigger keeps a copy of each comment job as inserted: the queue deletes it once run.
    await t.db.execute(sql`create table comment_jobs_seen (payload jsonb not null)`);
    await t.db.execute(
      sql.raw(`create function comment_job_seen() returns trigger
      language plpgsql as $$ begin insert into comment_jobs_seen values (new.payload); return new; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger comment_job_seen after insert on jobs for each row
      when (new.name = '${CONTENT_EVENTS.commentCreated}') execute function comment_job_seen()`),
    );
    try {
      const announced = await recordEvents(t, CONTENT_EVENTS.commentCreated);
      const discussion = await postDiscussion(t, ada, { title: 'Announced' });
      const comment = await commentOn(bob, discussion.id, 'Told once.');
      const replied = await as(t, ada).post(COMMENTS, { parent: comment.id, content: 'Heard.' });
      expect(replied.statusCode, replied.body).toBe(201);
      const reply = replied.json<ContentComment>();
      // Other tests' comments may be announced meanwhile: these events are the ones about ours.
      const about = (id: number) => (event: unknown) =>
        typeof event === 'object' &&
        event !== null &&
        'comment' in event &&
        JSON.stringify(event.comment).includes(`"id":${id},`);
      await vi.waitFor(() => {
        expect(announced.filter(about(comment.id))).toHaveLength(1);
        expect(announced.filter(about(reply.id))).toHaveLength(1);
      });

      const events = [announced.find(about(comment.id)), announced.find(about(reply.id))];
      expect(events).toMatchObject([
        { ownerId: ada.user.id, title: 'Announced', comment: { parentId: null } },
        { ownerId: bob.user.id, title: 'Announced', comment: { parentId: comment.id } },
      ]);
      const seen = await t.db.execute<{ payload: unknown }>(
        sql`select payload from comment_jobs_seen`,
      );
      expect(seen.rows.map((row) => row.payload)).toEqual(events);
    } finally {
      await t.db.execute(sql`drop trigger comment_job_seen on jobs`);
      await t.db.execute(sql`drop function comment_job_seen`);
      await t.db.execute(sql`drop table comment_jobs_seen`);
    }
  });

  it('comments on a discussion and replies, naming the host by model and id', async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Hosted' });
    const comment = await commentOn(bob, discussion.id, 'A comment through the kernel.');
    expect(comment).toMatchObject({
      model: 'forum',
      objectId: discussion.id,
      parent: null,
      content: 'A comment through the kernel.',
      author: { id: bob.user.id, username: 'bob' },
      likesCount: 0,
      repliesCount: 0,
    });
    expect(comment).not.toHaveProperty('forum');

    const replied = await as(t, ada).post(COMMENTS, { parent: comment.id, content: 'A reply.' });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<ContentComment>()).toMatchObject({
      model: 'forum',
      objectId: discussion.id,
      parent: comment.id,
    });

    const page = (
      await as(t, null).get(`${COMMENTS}?model=forum&id=${discussion.id}`)
    ).json<ContentCommentPage>();
    expect(page.results.map((item) => [item.id, item.repliesCount])).toEqual([[comment.id, 1]]);
    const replies = (
      await as(t, null).get(`${COMMENTS}?parent=${comment.id}`)
    ).json<ContentCommentPage>();
    expect(replies.results.map((item) => item.content)).toEqual(['A reply.']);
    const { rows } = await t.db.execute<{ comments_count: number }>(
      sql`select comments_count from discussions where id = ${discussion.id}`,
    );
    expect(rows[0]?.comments_count).toBe(2);
  });

  it('tells pages watching the host that its comment count dropped when a comment goes', async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Watched' });
    const created = await as(t, bob).post(COMMENTS, {
      model: 'forum',
      id: discussion.id,
      content: 'Soon gone.',
    });
    const comment = created.json<ContentComment>();
    await eventsHandled(t);
    const changed = await recordEvents(t, CONTENT_EVENTS.countsChanged);
    expect((await as(t, bob).delete(`${COMMENTS}${comment.id}/`)).statusCode).toBe(204);
    await eventsHandled(t);
    expect(changed).toEqual([{ target: { model: 'forum', id: discussion.id } }]);
  });

  it.each([
    ['no host and no parent', { content: 'Hi' }, ['id', 'model']],
    ['no id', { model: 'forum', content: 'Hi' }, ['id']],
    ['an unknown model', { model: 'job', id: 1, content: 'Hi' }, ['model']],
    ['a text id', { model: 'forum', id: 'x', content: 'Hi' }, ['id']],
    ['no content', { model: 'forum', id: 1 }, ['content']],
    ['blank content', { model: 'forum', id: 1, content: '   ' }, ['content']],
    ['a zero parent', { parent: 0, content: 'Hi' }, ['parent']],
  ])('rejects %s, naming the field and writing nothing', async (_label, payload, fields) => {
    const before = await commentCount();
    const response = await as(t, bob).post(COMMENTS, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(fields);
    expect(await commentCount()).toBe(before);
  });

  it('refuses content that takes no comments, drafts and unknown objects, writing nothing', async () => {
    const discussion = await postDiscussion(t, ada);
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const first = (
      await as(t, bob).post(COMMENTS, { model: 'forum', id: discussion.id, content: 'First' })
    ).json<ContentComment>();
    const before = await commentCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { model: 'comment', id: first.id, content: 'On a comment' },
        { id: ['This kind of content has no comments.'] },
      ],
      [
        { model: 'forum', id: draft.id, content: 'Early' },
        { id: ['This discussion does not exist or is not open for comments.'] },
      ],
      [
        { model: 'forum', id: 999_999, content: 'Nowhere' },
        { id: ['This discussion does not exist or is not open for comments.'] },
      ],
      [
        { parent: 999_999, content: 'To nothing' },
        { parent: ['This comment does not exist or was deleted.'] },
      ],
    ];
    for (const [payload, body] of cases) {
      const response = await as(t, bob).post(COMMENTS, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(body);
    }
    expect(await commentCount()).toBe(before);
  });

  it('asks for the host when listing, and hides a draft host from others', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const missing = await as(t, null).get(COMMENTS);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['id', 'model']);
    const hidden = await as(t, bob).get(`${COMMENTS}?model=forum&id=${draft.id}`);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({
      id: ['This discussion does not exist or is not open for comments.'],
    });
    const own = await as(t, ada).get(`${COMMENTS}?model=forum&id=${draft.id}`);
    expect(own.json<ContentCommentPage>()).toEqual({ results: [], next: null });
  });

  it("refuses signed-out writes and another member's edit or delete, changing nothing", async () => {
    const discussion = await postDiscussion(t, ada);
    const mine = (
      await as(t, ada).post(COMMENTS, { model: 'forum', id: discussion.id, content: 'Mine' })
    ).json<ContentComment>();
    const before = await commentCount();
    const signedOut = await as(t, null).post(COMMENTS, {
      model: 'forum',
      id: discussion.id,
      content: 'Anonymous',
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await as(t, null).put(`${COMMENTS}${mine.id}/`, { content: 'x' })).statusCode).toBe(
      401,
    );
    const edit = await as(t, bob).put(`${COMMENTS}${mine.id}/`, { content: 'Not yours' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: 'Only the author can edit this comment.' });
    const remove = await as(t, bob).delete(`${COMMENTS}${mine.id}/`);
    expect(remove.statusCode).toBe(403);
    expect((await as(t, bob).delete(`${COMMENTS}999999/`)).statusCode).toBe(404);
    expect(await commentCount()).toBe(before);
    const { rows } = await t.db.execute<{ content: string; deleted_at: Date | null }>(
      sql`select content, deleted_at from comments where id = ${mine.id}`,
    );
    expect(rows).toEqual([{ content: 'Mine', deleted_at: null }]);
  });

  describe("by_author/: a member's comments for their profile", () => {
    let dan: Member;
    beforeAll(async () => {
      dan = await signUp(t, 'dan');
    });

    const list = (viewer: Member | null, query: string) =>
      as(t, viewer).get(`${BY_AUTHOR}?${query}`);
    const pageOf = async (viewer: Member | null, query: string) => {
      const response = await list(viewer, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MemberCommentPage>();
    };

    it("lists a member's comments and replies on discussions and polls, newest first, with what each is on", async () => {
      const discussion = await postDiscussion(t, ada, { title: 'Sourdough starters' });
      const poll = await postPoll(t, ada, { question: 'Best bread?' });
      const onDiscussion = await postComment(t, dan, discussion.id, 'Feed it daily.');
      const reply = await postReply(t, dan, onDiscussion.id, 'And keep it warm.');
      const onPoll = (
        await as(t, dan).post('/api/forums/comments/', {
          model: 'poll',
          id: poll.id,
          content: 'Rye, always.',
        })
      ).json<ContentComment>();
      await postComment(t, ada, discussion.id, 'Not dan.');
      await as(t, ada).post('/api/forums/like/', { model: 'comment', id: onPoll.id });

      const visitor = await pageOf(null, 'author=DAN');
      expect(visitor.next).toBeNull();
      expect(visitor.results).toEqual([
        expect.objectContaining({
          id: onPoll.id,
          model: 'poll',
          objectId: poll.id,
          parent: null,
          content: 'Rye, always.',
          author: expect.objectContaining({ id: dan.user.id, username: 'dan' }),
          likesCount: 1,
          isLiked: false,
          hostTitle: 'Best bread?',
          path: `/polls/${poll.id}#comment-${onPoll.id}`,
        }),
        expect.objectContaining({
          id: reply.id,
          model: 'forum',
          parent: onDiscussion.id,
          hostTitle: 'Sourdough starters',
          path: `/discussions/${discussion.id}?thread=${onDiscussion.id}#comment-${reply.id}`,
        }),
        expect.objectContaining({
          id: onDiscussion.id,
          content: 'Feed it daily.',
          repliesCount: 1,
          hostTitle: 'Sourdough starters',
          path: `/discussions/${discussion.id}#comment-${onDiscussion.id}`,
        }),
      ]);
      expect(visitor.results[0]).not.toHaveProperty('forum');

      const asAda = await pageOf(ada, 'author=dan');
      expect(asAda.results.map((comment) => [comment.id, comment.isLiked])).toEqual([
        [onPoll.id, true],
        [reply.id, false],
        [onDiscussion.id, false],
      ]);

      const first = await pageOf(null, 'author=dan&limit=2');
      expect(first.results.map((comment) => comment.id)).toEqual([onPoll.id, reply.id]);
      expect(first.next).toEqual(expect.any(String));
      const second = await pageOf(null, `author=dan&limit=2&cursor=${first.next ?? ''}`);
      expect(second.results.map((comment) => comment.id)).toEqual([onDiscussion.id]);
      expect(second.next).toBeNull();
    });

    it('leaves out what not everyone may read: deleted or hidden comments, replies to hidden ones, comments on drafts, hidden or archived content', async () => {
      const cara = await signUp(t, 'cara');
      const open = await postDiscussion(t, ada, { title: 'Open to all' });
      const drafted = await postDiscussion(t, ada, { title: 'Back to draft' });
      const hiddenHost = await postDiscussion(t, ada, { title: 'Hidden by staff' });
      const archived = await postDiscussion(t, ada, { title: 'Archived by ada' });

      const kept = await postComment(t, cara, open.id, 'Stays.');
      const deleted = await postComment(t, cara, open.id, 'Deleted.');
      const hidden = await postComment(t, cara, open.id, 'Hidden.');
      const hiddenParent = await postComment(t, ada, open.id, 'Ada, hidden.');
      await postReply(t, cara, hiddenParent.id, 'Under a hidden comment.');
      for (const host of [drafted, hiddenHost, archived]) await postComment(t, cara, host.id);

      expect((await as(t, cara).delete(`/api/forums/comments/${deleted.id}/`)).statusCode).toBe(
        204,
      );
      await t.db.execute(
        sql`update comments set hidden_at = now() where id in (${hidden.id}, ${hiddenParent.id})`,
      );
      await t.db.execute(sql`update discussions set status = 'draft' where id = ${drafted.id}`);
      await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hiddenHost.id}`);
      const archiving = await as(t, ada).post('/api/common/archieve/', {
        model: 'forum',
        id: archived.id,
      });
      expect(archiving.statusCode, archiving.body).toBeLessThan(300);

      for (const viewer of [null, cara, ada]) {
        const page = await pageOf(viewer, 'author=cara');
        expect(page.results.map((comment) => comment.id)).toEqual([kept.id]);
      }
    });

    it('lists nothing for a name nobody has', async () => {
      expect(await pageOf(null, 'author=nobody-here')).toEqual({ results: [], next: null });
    });

    it('refuses bad input with a 400 naming the field, writing nothing', async () => {
      const before = await countRows(t, 'comments');
      const cases: [string, string][] = [
        ['', 'author'],
        ['author=', 'author'],
        [`author=${'a'.repeat(151)}`, 'author'],
        ['author=dan&limit=0', 'limit'],
        ['author=dan&limit=many', 'limit'],
        ['author=dan&cursor=not-a-cursor', 'cursor'],
        ['author=b%00ob', 'author'],
      ];
      for (const [query, field] of cases) {
        const response = await list(null, query);
        expect(response.statusCode, query).toBe(400);
        expect(Object.keys(response.json()), query).toEqual([field]);
      }
      expect(await countRows(t, 'comments')).toBe(before);
    });

    it('answers 401 to a token that is not valid', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${BY_AUTHOR}?author=dan`,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });
  });
});
