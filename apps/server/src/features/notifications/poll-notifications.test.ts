import type { NotificationSocketMessage } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion } from '../../../test/forums';
import {
  actorIds,
  eventsHandled,
  notificationPage,
  notificationRows,
  openNotificationSocket,
  waitForNotifications,
} from '../../../test/notifications';
import { postPoll, vote } from '../../../test/polls';

describe('notifications about polls', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
  });
  afterAll(() => t.close());

  it("names the voter of a public poll, and speaks of the poll's likes and comments as a poll's", async () => {
    const poll = await postPoll(t, ada, { question: 'Tea or coffee?' });
    await vote(t, bob, poll, [0]);
    expect(
      (await as(t, cyd).post('/api/forums/like/', { model: 'poll', id: poll.id })).statusCode,
    ).toBe(200);
    const comment = await as(t, bob).post('/api/forums/comments/', {
      model: 'poll',
      id: poll.id,
      content: 'Tea, always.',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    await waitForNotifications(t, ada, 3);
    const page = await notificationPage(t, ada);
    expect(page.results.map((item) => item.message).sort()).toEqual([
      'bob commented on your poll “Tea or coffee?”',
      'bob voted in your poll “Tea or coffee?”',
      'cyd liked your poll “Tea or coffee?”',
    ]);
    const voted = page.results.find((item) => item.verb === 'voted');
    expect(voted).toMatchObject({
      actor: { id: bob.user.id, username: 'bob' },
      targetObject: { appLabel: 'forums', model: 'poll', id: poll.id, url: `/polls/${poll.id}` },
    });
  });

  it('still speaks of a discussion as a discussion', async () => {
    const discussion = await postDiscussion(t, cyd, { title: 'Plain talk' });
    await postComment(t, bob, discussion.id);
    await as(t, ada).post('/api/forums/like/', { model: 'forum', id: discussion.id });
    await waitForNotifications(t, cyd, 2);
    const messages = (await notificationPage(t, cyd)).results.map((item) => item.message);
    expect(messages.sort()).toEqual([
      'ada liked your discussion “Plain talk”',
      'bob commented on your discussion “Plain talk”',
    ]);
  });

  it('tells the owner of an anonymous poll that someone voted, never who, stored or sent', async () => {
    const owner = await signUp(t, 'owner-anon');
    const socket = await openNotificationSocket(t, owner.access);
    await socket.received(1);
    const poll = await postPoll(t, owner, { question: 'Secret ballot?', voters: 'anonymous' });
    await vote(t, bob, poll, [0]);
    const [row] = await waitForNotifications(t, owner, 1);
    if (!row) throw new Error('no notification');
    // The row stores the owner, not the voter, as its actor.
    expect(row).toMatchObject({ actorId: owner.user.id, verb: 'voted', actorsCount: 1 });
    expect(await actorIds(t, row.id)).toEqual([owner.user.id]);

    const [item] = (await notificationPage(t, owner)).results;
    expect(item).toMatchObject({
      message: 'Someone voted in your poll “Secret ballot?”',
      actor: { id: owner.user.id, username: 'Someone', avatar: null },
    });
    const pushed = await socket.received(3);
    const details = pushed.filter(
      (message): message is Extract<NotificationSocketMessage, { type: 'notification_details' }> =>
        message.type === 'notification_details',
    );
    expect(details.map((message) => message.message)).toEqual([
      'Someone voted in your poll “Secret ballot?”',
    ]);
    expect(JSON.stringify(pushed)).not.toContain('bob');
    expect(JSON.stringify(item)).not.toContain('bob');

    // More anonymous votes, or a changed one, add nothing that would tell who voted when.
    await vote(t, cyd, poll, [1]);
    await vote(t, bob, poll, [1]);
    await eventsHandled(t);
    expect(await notificationRows(t, owner)).toEqual([
      expect.objectContaining({ id: row.id, actorId: owner.user.id, actorsCount: 1 }),
    ]);
    expect(JSON.stringify(await notificationPage(t, owner))).not.toMatch(/bob|cyd/);
    socket.close();
  });

  it("tells nobody of a member's vote in their own poll, anonymous or not", async () => {
    const owner = await signUp(t, 'self-voter');
    for (const voters of ['public', 'anonymous'] as const) {
      const poll = await postPoll(t, owner, { voters });
      await vote(t, owner, poll, [0]);
    }
    await eventsHandled(t);
    expect(await notificationRows(t, owner)).toEqual([]);
  });
});
