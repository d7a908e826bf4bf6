import { WS_CLOSE_UNAUTHORIZED } from '@agora/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion, signUpMany } from '../../../test/forums';
import {
  READ_ALL,
  SET_VIEWED,
  eventsHandled,
  notificationPage,
  notificationRows,
  openNotificationSocket,
  waitForNotifications,
  type NotificationSocket,
} from '../../../test/notifications';

describe('/ws/notifications/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  const sockets: NotificationSocket[] = [];
  const open = async (token: string | undefined) => {
    const socket = await openNotificationSocket(t, token);
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it('sends the count on connect, then each new or grown notification and the new count', async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Live' });
    await postComment(t, bob, discussion.id);
    await waitForNotifications(t, ada, 1);
    // Its own push is done before the socket opens.
    await eventsHandled(t);
    const socket = await open(ada.access);
    expect(await socket.received(1)).toEqual([
      { type: 'notification_count', notification_count: 1 },
    ]);

    const like = (member: Member) =>
      as(t, member).post('/api/forums/like/', { model: 'forum', id: discussion.id });
    expect((await like(cyd)).statusCode).toBe(200);
    const afterFirst = await socket.received(3);
    const [listed] = (await notificationPage(t, ada)).results;
    expect(afterFirst.slice(1)).toEqual([
      {
        type: 'notification_details',
        message: 'cyd liked your discussion “Live”',
        notification: listed,
      },
      { type: 'notification_count', notification_count: 2 },
    ]);

    expect((await like(bob)).statusCode).toBe(200);
    const afterSecond = await socket.received(5);
    const [grown] = (await notificationPage(t, ada)).results;
    expect(grown).toMatchObject({ id: listed?.id, actor: { id: bob.user.id } });
    expect(afterSecond.slice(3)).toEqual([
      {
        type: 'notification_details',
        message: 'bob and 1 other liked your discussion “Live”',
        notification: grown,
      },
      { type: 'notification_count', notification_count: 2 },
    ]);
  });

  it('sends the new count when notifications are viewed', async () => {
    const rows = await notificationRows(t, ada);
    const socket = await open(ada.access);
    await socket.received(1);
    const viewed = await t.app.inject({
      method: 'PUT',
      url: `${SET_VIEWED}?notification_id=${rows[0]?.id}`,
      headers: bearer(ada.access),
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect((await socket.received(2))[1]).toEqual({
      type: 'notification_count',
      notification_count: rows.length - 1,
    });

    expect((await as(t, ada).post(READ_ALL)).statusCode).toBe(200);
    expect((await socket.received(3))[2]).toEqual({
      type: 'notification_count',
      notification_count: 0,
    });
    expect((await notificationRows(t, ada)).every((row) => row.viewed)).toBe(true);
  });

  it('reaches every socket the member has open, and only theirs', async () => {
    const first = await open(bob.access);
    const second = await open(bob.access);
    const other = await open(cyd.access);
    await Promise.all([first.received(1), second.received(1), other.received(1)]);
    const discussion = await postDiscussion(t, bob, { title: 'Two tabs' });
    await postComment(t, ada, discussion.id);
    const [firstMessages, secondMessages] = await Promise.all([
      first.received(3),
      second.received(3),
    ]);
    expect(secondMessages).toEqual(firstMessages);
    expect(firstMessages[1]).toMatchObject({
      type: 'notification_details',
      message: 'ada commented on your discussion “Two tabs”',
    });
    expect(other.messages).toHaveLength(1);
  });

  it('sends a burst of notifications to one member with their counts in order', async () => {
    const eve = await signUp(t, 'eve');
    const commenters = await signUpMany(t, 'burst', 6);
    const discussion = await postDiscussion(t, eve, { title: 'Busy' });
    const socket = await open(eve.access);
    await socket.received(1);

    await Promise.all(commenters.map((member) => postComment(t, member, discussion.id)));
    const messages = await socket.received(1 + 2 * commenters.length);
    const counts = messages.flatMap((message) =>
      message.type === 'notification_count' ? [message.notification_count] : [],
    );
    expect(counts).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it.each([
    ['without a token', undefined],
    ['with a token that is not valid', 'not-a-token'],
  ])('closes with 4401 %s and sends nothing', async (_, token) => {
    const socket = await open(token);
    expect(await socket.closed).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(socket.messages).toEqual([]);
  });
});
