import type { Discussion } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion, postReply, signUpMany } from '../../../test/forums';
import {
  actorIds,
  eventsHandled,
  notificationPage,
  notificationRows,
  waitForNotifications,
} from '../../../test/notifications';
import { discussionPath } from '../forums';
import { notificationsContext } from './notifications.context';
import { notifyAllIn, type NotificationEvent } from './notify.service';

const LIKE = '/api/forums/like/';
const VOTE = '/api/forums/forums-poll-choice/';
const BLOCK = '/api/common/blocked-user/';

/** The event of `actor` liking `owner`'s discussion, as the like's job hands it over. */
const likeEvent = (owner: Member, actor: Member, discussion: Discussion): NotificationEvent => ({
  recipientId: owner.user.id,
  actorId: actor.user.id,
  verb: 'liked',
  appLabel: 'forums',
  model: 'forum',
  objectId: discussion.id,
  title: discussion.title,
  url: discussionPath(discussion.id),
  noun: 'discussion',
});

function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

describe('notifications created from forum events', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  let dee: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    // One after the other: the tests compare lists of ids in sign-up order.
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
    dee = await signUp(t, 'dee');
  });
  afterAll(() => t.close());

  it('tells a comment’s author about a reply, and not the discussion’s author', async () => {
    const owner = await signUp(t, 'owner1');
    const discussion = await postDiscussion(t, owner, { title: 'Threads' });
    const comment = await postComment(t, cyd, discussion.id);
    const reply = await postReply(t, bob, comment.id);
    const [replied] = await waitForNotifications(t, cyd, 1);
    expect(replied).toMatchObject({
      verb: 'replied',
      actorId: bob.user.id,
      model: 'subcomment',
      objectId: reply.id,
      targetTitle: 'Threads',
      targetUrl: `/discussions/${discussion.id}?thread=${comment.id}#comment-${reply.id}`,
      viewed: false,
    });
    await eventsHandled(t);
    const ownerRows = await notificationRows(t, owner);
    expect(ownerRows.map((row) => [row.verb, row.actorId, row.objectId])).toEqual([
      ['commented', cyd.user.id, comment.id],
    ]);
  });

  it('tells the author about likes on their discussion, comment and reply', async () => {
    const owner = await signUp(t, 'owner2');
    const discussion = await postDiscussion(t, owner, { title: 'Likeable' });
    const comment = await postComment(t, owner, discussion.id);
    const reply = await postReply(t, owner, comment.id);
    ok(await as(t, bob).post(LIKE, { model: 'forum', id: discussion.id }));
    ok(await as(t, bob).post(LIKE, { model: 'comment', id: comment.id }));
    ok(await as(t, bob).post(LIKE, { model: 'subcomment', id: reply.id }));
    await waitForNotifications(t, owner, 3);
    const { results } = await notificationPage(t, owner);
    expect(results.map((item) => [item.verb, item.message, item.targetObject])).toEqual([
      [
        'liked',
        'bob liked your reply on “Likeable”',
        {
          appLabel: 'forums',
          model: 'subcomment',
          id: reply.id,
          title: 'Likeable',
          url: `/discussions/${discussion.id}?thread=${comment.id}#comment-${reply.id}`,
        },
      ],
      [
        'liked',
        'bob liked your comment on “Likeable”',
        {
          appLabel: 'forums',
          model: 'comment',
          id: comment.id,
          title: 'Likeable',
          url: `/discussions/${discussion.id}#comment-${comment.id}`,
        },
      ],
      [
        'liked',
        'bob liked your discussion “Likeable”',
        {
          appLabel: 'forums',
          model: 'forum',
          id: discussion.id,
          title: 'Likeable',
          url: `/discussions/${discussion.id}`,
        },
      ],
    ]);
  });

  it('gathers likes on one target into one notification, counting each member once', async () => {
    const owner = await signUp(t, 'owner3');
    const discussion = await postDiscussion(t, owner, { title: 'Popular' });
    const likeIt = (member: Member) =>
      as(t, member).post(LIKE, { model: 'forum', id: discussion.id });
    ok(await likeIt(bob));
    ok(await likeIt(cyd));
    ok(await likeIt(dee));
    ok(await likeIt(bob)); // takes it back
    ok(await likeIt(bob)); // likes again: still one member
    await eventsHandled(t);

    const [row] = await waitForNotifications(t, owner, 1);
    expect(row).toMatchObject({ verb: 'liked', actorsCount: 3, actorId: dee.user.id });
    expect(await actorIds(t, row?.id ?? 0)).toEqual([bob.user.id, cyd.user.id, dee.user.id]);
    expect(await notificationPage(t, owner)).toMatchObject({
      results: [{ id: row?.id, message: 'dee and 2 others liked your discussion “Popular”' }],
    });

    // Once viewed, the group is closed: the next like starts a new notification.
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/common/notification-setviewed?notification_id=${row?.id}`,
        headers: bearer(owner.access),
      }),
    );
    ok(await likeIt(ada));
    const [fresh, viewed] = await waitForNotifications(t, owner, 2);
    expect(fresh).toMatchObject({ actorsCount: 1, actorId: ada.user.id, viewed: false });
    expect(viewed).toMatchObject({ id: row?.id, actorsCount: 3, viewed: true });
  });

  it('gathers poll votes; a moved vote adds nobody', async () => {
    const owner = await signUp(t, 'owner4');
    const discussion = await postDiscussion(t, owner, {
      title: 'Tea or coffee',
      pollChoices: ['Tea', 'Coffee'],
    });
    const [tea, coffee] = discussion.pollChoices;
    ok(await as(t, bob).post(VOTE, { choice: tea?.id }));
    ok(await as(t, cyd).post(VOTE, { choice: coffee?.id }));
    ok(await as(t, bob).post(VOTE, { choice: coffee?.id }));
    await eventsHandled(t);
    const [row] = await waitForNotifications(t, owner, 1);
    expect(row).toMatchObject({
      verb: 'voted',
      model: 'forum',
      objectId: discussion.id,
      actorsCount: 2,
      actorId: cyd.user.id,
    });
    expect(await notificationPage(t, owner)).toMatchObject({
      results: [{ message: 'cyd and 1 other voted in your poll “Tea or coffee”' }],
    });
  });

  it('creates nothing for the member’s own actions', async () => {
    const owner = await signUp(t, 'owner5');
    const discussion = await postDiscussion(t, owner, {
      content: 'Note to self, @owner5.',
      pollChoices: ['Yes', 'No'],
    });
    const comment = await postComment(t, owner, discussion.id, 'Me again, @owner5');
    await postReply(t, owner, comment.id);
    ok(await as(t, owner).post(LIKE, { model: 'forum', id: discussion.id }));
    ok(await as(t, owner).post(LIKE, { model: 'comment', id: comment.id }));
    ok(await as(t, owner).post(VOTE, { choice: discussion.pollChoices[0]?.id }));
    await eventsHandled(t);
    expect(await notificationRows(t, owner)).toEqual([]);
  });

  it('creates nothing while a block stands between the two, in either direction', async () => {
    const owner = await signUp(t, 'owner6');
    const ownerDiscussion = await postDiscussion(t, owner, { pollChoices: ['A', 'B'] });
    const bobDiscussion = await postDiscussion(t, bob);
    ok(await as(t, owner).post(BLOCK, { user_id: bob.user.id }), 201);

    // The blocked member acts on the blocker's discussion (a comment is refused outright)…
    const refused = await as(t, bob).post('/api/forums/forums-comment/', {
      forum: ownerDiscussion.id,
      content: 'Hello @owner6',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    ok(await as(t, bob).post(LIKE, { model: 'forum', id: ownerDiscussion.id }));
    ok(await as(t, bob).post(VOTE, { choice: ownerDiscussion.pollChoices[0]?.id }));
    // …and the blocker on the blocked member's.
    const ownerComment = await postComment(t, owner, bobDiscussion.id, 'Hi @bob');
    ok(await as(t, owner).post(LIKE, { model: 'forum', id: bobDiscussion.id }));
    await eventsHandled(t);
    expect(await notificationRows(t, owner)).toEqual([]);
    expect(
      (await notificationRows(t, bob)).filter((row) =>
        [bobDiscussion.id, ownerComment.id].includes(row.objectId),
      ),
    ).toEqual([]);

    // Lifted: they reach each other again.
    const unblock = await t.app.inject({
      method: 'DELETE',
      url: BLOCK,
      headers: bearer(owner.access),
      payload: { user_id: bob.user.id },
    });
    ok(unblock);
    await postComment(t, bob, ownerDiscussion.id);
    const [row] = await waitForNotifications(t, owner, 1);
    expect(row).toMatchObject({ verb: 'commented', actorId: bob.user.id });
  });

  it('creates nothing while the recipient has notifications turned off', async () => {
    const owner = await signUp(t, 'owner7');
    const discussion = await postDiscussion(t, owner);
    const toggle = (value: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/auth/userinfo/toggle-notifications/${value}/`,
        headers: bearer(owner.access),
      });
    ok(await toggle(false));
    await postComment(t, bob, discussion.id, 'Are you there, @owner7?');
    ok(await as(t, cyd).post(LIKE, { model: 'forum', id: discussion.id }));
    await eventsHandled(t);
    expect(await notificationRows(t, owner)).toEqual([]);

    ok(await toggle(true));
    await postComment(t, dee, discussion.id);
    const [row] = await waitForNotifications(t, owner, 1);
    expect(row).toMatchObject({ verb: 'commented', actorId: dee.user.id });
  });

  it('tells members mentioned in a published discussion, ignoring unknown names', async () => {
    const mentioned = await signUp(t, 'mentioned1');
    const discussion = await postDiscussion(t, ada, {
      title: 'Shout-out',
      content: 'Thanks @Mentioned1 and @nobody-by-this-name, and @MENTIONED1 again.',
    });
    const [row] = await waitForNotifications(t, mentioned, 1);
    expect(row).toMatchObject({
      verb: 'mentioned',
      actorId: ada.user.id,
      model: 'forum',
      objectId: discussion.id,
      targetUrl: `/discussions/${discussion.id}`,
    });
    expect(await notificationPage(t, mentioned)).toMatchObject({
      results: [{ message: 'ada mentioned you in “Shout-out”' }],
    });
    await eventsHandled(t);
    expect(await notificationRows(t, mentioned)).toHaveLength(1);
  });

  it('tells members mentioned in a draft once it is published, and only then', async () => {
    const mentioned = await signUp(t, 'mentioned2');
    const draft = await postDiscussion(t, ada, {
      status: 'draft',
      content: 'Draft for @mentioned2.',
    });
    await eventsHandled(t);
    expect(await notificationRows(t, mentioned)).toEqual([]);

    const published = await as(t, ada).patch(`/api/forums/forums/${draft.id}/`, {
      status: 'published',
      title: 'Now public',
    });
    ok(published);
    expect(published.json<Discussion>()).toMatchObject({ status: 'published' });
    const [row] = await waitForNotifications(t, mentioned, 1);
    expect(row).toMatchObject({ verb: 'mentioned', objectId: draft.id, targetTitle: 'Now public' });

    // Editing the published discussion mentions nobody again.
    ok(await as(t, ada).patch(`/api/forums/forums/${draft.id}/`, { title: 'Edited' }));
    await eventsHandled(t);
    expect(await notificationRows(t, mentioned)).toHaveLength(1);
  });

  it('tells members mentioned in a comment, and the answered author only once', async () => {
    const owner = await signUp(t, 'owner8');
    const mentioned = await signUp(t, 'mentioned3');
    const discussion = await postDiscussion(t, owner, { title: 'Ask around' });
    const comment = await postComment(t, bob, discussion.id, '@owner8 you should ask @mentioned3');
    const [row] = await waitForNotifications(t, mentioned, 1);
    expect(row).toMatchObject({
      verb: 'mentioned',
      actorId: bob.user.id,
      model: 'comment',
      objectId: comment.id,
      targetUrl: `/discussions/${discussion.id}#comment-${comment.id}`,
    });
    await eventsHandled(t);
    const ownerRows = await notificationRows(t, owner);
    expect(ownerRows.map((item) => item.verb)).toEqual(['commented']);
  });

  it('tells at most 10 mentioned members per post', async () => {
    const members = await signUpMany(t, 'crowd', 12);
    await postDiscussion(t, ada, {
      content: members.map((member) => `@${member.user.username}`).join(' '),
    });
    await eventsHandled(t);
    const counts = await Promise.all(
      members.map(async (member) => (await notificationRows(t, member)).length),
    );
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('keeps each member once when events for one target arrive at the same time', async () => {
    const owner = await signUp(t, 'owner9');
    const discussion = await postDiscussion(t, owner, { title: 'Rush' });
    const ctx = notificationsContext(t.app);
    const like = (actor: Member) => likeEvent(owner, actor, discussion);
    // Jobs run side by side, on one instance or several, so likes of one target meet.
    await Promise.all(
      [bob, cyd, dee, bob, cyd].map((actor) =>
        t.db.transaction((tx) => notifyAllIn(ctx, tx, [like(actor)])),
      ),
    );
    const [row] = await notificationRows(t, owner);
    expect(await notificationRows(t, owner)).toHaveLength(1);
    expect(row).toMatchObject({ actorsCount: 3 });
    expect(await actorIds(t, row?.id ?? 0)).toEqual([bob.user.id, cyd.user.id, dee.user.id]);
  });
  it('tells a batch at once: each target once, grown by its new actors, counts in order', async () => {
    const owner = await signUp(t, 'owner10');
    const [first, second] = await Promise.all([
      postDiscussion(t, owner, { title: 'First' }),
      postDiscussion(t, owner, { title: 'Second' }),
    ]);
    if (!first || !second) throw new Error('no discussions');
    ok(await as(t, owner).post(BLOCK, { user_id: dee.user.id }), 201);
    const ctx = notificationsContext(t.app);
    const like = (actor: Member, discussion: Discussion) => likeEvent(owner, actor, discussion);
    const tell = (events: NotificationEvent[]) =>
      t.db.transaction((tx) => notifyAllIn(ctx, tx, events));
    const pushed = (told: Awaited<ReturnType<typeof tell>>) =>
      told.map(({ gathered }) => ({
        objectId: gathered.row.objectId,
        actorId: gathered.row.actorId,
        actorsCount: gathered.row.actorsCount,
        unviewed: gathered.unviewed,
      }));

    // A repeated actor counts once; the blocked one not at all; the latest new actor is named.
    const told = await tell([
      like(bob, first),
      like(dee, second),
      like(cyd, first),
      like(ada, second),
      like(bob, first),
      like(dee, first),
    ]);
    expect(pushed(told)).toEqual([
      { objectId: first.id, actorId: cyd.user.id, actorsCount: 2, unviewed: 1 },
      { objectId: second.id, actorId: ada.user.id, actorsCount: 1, unviewed: 2 },
    ]);

    // The next batch adds only who is not in yet; a batch of members already in tells nothing.
    expect(pushed(await tell([like(ada, first), like(cyd, first), like(bob, second)]))).toEqual([
      { objectId: first.id, actorId: ada.user.id, actorsCount: 3, unviewed: 2 },
      { objectId: second.id, actorId: bob.user.id, actorsCount: 2, unviewed: 2 },
    ]);
    expect(await tell([like(bob, first), like(ada, second)])).toEqual([]);
    const rows = await notificationRows(t, owner);
    expect(rows).toHaveLength(2);
    const firstRow = rows.find((row) => row.objectId === first.id);
    expect(await actorIds(t, firstRow?.id ?? 0)).toEqual([ada.user.id, bob.user.id, cyd.user.id]);
  });
});
