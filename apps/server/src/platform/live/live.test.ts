import { LIVE_SUBSCRIPTIONS_MAX, WS_CLOSE_UNAUTHORIZED, type PollResults } from '@agora/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion } from '../../../test/forums';
import { pause } from '../../../test/chat';
import { openLiveSocket, type LiveTestSocket } from '../../../test/live';
import { CONTENT_EVENTS, type CountsChangedEvent } from '../content';

describe('/ws/live/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  const sockets: LiveTestSocket[] = [];
  const open = async (token?: string) => {
    const socket = await openLiveSocket(t.app, token);
    sockets.push(socket);
    return socket;
  };
  const like = (member: Member, id: number) =>
    as(t, member).post('/api/forums/like/', { model: 'forum', id });
  const countsChanged = (id: number) =>
    t.app.bus.publish(CONTENT_EVENTS.countsChanged, {
      target: { model: 'forum', id },
    } satisfies CountsChangedEvent);

  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const socket of sockets.splice(0)) socket.socket.terminate();
  });
  afterAll(() => t.close());

  it('answers a subscription with a snapshot, then sends the counts after each change', async () => {
    const discussion = await postDiscussion(t, ada);
    expect((await like(cyd, discussion.id)).statusCode).toBe(200);
    // That like's event is handled before the subscription, or it would cause an update too.
    await pause(50);
    await t.app.bus.idle();
    const socket = await open(ada.access);
    socket.subscribe('forum', discussion.id);
    const snapshot = await socket.nextUpdate();
    expect(snapshot).toEqual({
      type: 'live_update',
      model: 'forum',
      id: discussion.id,
      counts: { likesCount: 1, commentsCount: 0 },
    });
    expect(snapshot).not.toHaveProperty('tallies');

    expect((await like(bob, discussion.id)).statusCode).toBe(200);
    expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 2, commentsCount: 0 });
    await postComment(t, bob, discussion.id);
    expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 2, commentsCount: 1 });
    // Unliking tells nobody, but the count drops on screen.
    expect((await like(bob, discussion.id)).json()).toMatchObject({ liked: false });
    expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 1, commentsCount: 1 });
  });

  it('serves signed-out visitors too', async () => {
    const discussion = await postDiscussion(t, ada);
    const socket = await open();
    socket.subscribe('forum', discussion.id);
    expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 0, commentsCount: 0 });
    expect((await like(bob, discussion.id)).statusCode).toBe(200);
    expect((await socket.nextUpdate()).counts).toEqual({ likesCount: 1, commentsCount: 0 });
  });

  it('stops sending an object once unsubscribed, and only sends the objects watched', async () => {
    const [watched, other] = [await postDiscussion(t, ada), await postDiscussion(t, ada)];
    const socket = await open(bob.access);
    socket.subscribe('forum', watched.id);
    await socket.nextUpdate();
    socket.unsubscribe('forum', watched.id);
    // One socket's messages are handled in order: once this snapshot is here, the unsubscribe is done.
    socket.subscribe('forum', other.id);
    expect((await socket.nextUpdate()).id).toBe(other.id);
    expect((await like(cyd, watched.id)).statusCode).toBe(200);
    await socket.expectSilence();
  });

  it(`watches at most ${LIVE_SUBSCRIPTIONS_MAX} objects per socket`, async () => {
    const discussions = [];
    for (let index = 0; index <= LIVE_SUBSCRIPTIONS_MAX; index += 1) {
      discussions.push(await postDiscussion(t, ada));
    }
    const [first, ...rest] = discussions;
    const last = rest.at(-1);
    if (!first || !last) throw new Error('no discussions');
    const socket = await open(ada.access);
    for (const discussion of discussions) socket.subscribe('forum', discussion.id);
    // Subscribing again to one already watched is not a new one: it only sends a snapshot.
    socket.subscribe('forum', first.id);
    await vi.waitFor(() => expect(socket.received).toHaveLength(LIVE_SUBSCRIPTIONS_MAX + 1), {
      timeout: 5000,
    });
    await pause(300);
    expect(socket.received).toHaveLength(LIVE_SUBSCRIPTIONS_MAX + 1);
    const answered = new Set(socket.received.map((message) => 'id' in message && message.id));
    expect(answered.size).toBe(LIVE_SUBSCRIPTIONS_MAX);
    expect(answered.has(last.id)).toBe(false);

    socket.unsubscribe('forum', first.id);
    socket.subscribe('forum', last.id);
    await socket.nextUpdate({ model: 'forum', id: last.id });
  });

  it('ignores what it cannot serve and messages of other shapes, and stays open', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const published = await postDiscussion(t, ada);
    const socket = await open(bob.access);
    socket.sendText('not json');
    socket.sendText('{"type":"subscribe"}');
    socket.sendText(JSON.stringify({ type: 'subscribe', model: 'forum', id: -3 }));
    socket.sendText(JSON.stringify({ type: 'subscribe', model: 'nothing', id: published.id }));
    socket.sendText(JSON.stringify({ type: 'watch', model: 'forum', id: published.id }));
    socket.sendText('null');
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.subscribe('forum', 2 ** 31 - 1);
    // Another member's draft: bob may not see it.
    socket.subscribe('forum', draft.id);
    socket.unsubscribe('forum', published.id);
    socket.subscribe('forum', published.id);
    expect((await socket.nextUpdate()).id).toBe(published.id);
    await socket.expectSilence(300);
    expect(socket.received).toHaveLength(1);

    // The author sees her own draft, but drafts have no live counters for anyone.
    const own = await open(ada.access);
    own.subscribe('forum', draft.id);
    own.subscribe('forum', published.id);
    expect((await own.nextUpdate()).id).toBe(published.id);
    expect(own.received).toHaveLength(1);
  });

  it.each([
    ['that is not valid', 'not-a-token'],
    ['of a signed-out session', 'signed-out'],
  ])('closes with 4401 for a token %s and sends nothing', async (_, token) => {
    let value = token;
    if (token === 'signed-out') {
      const eve = await signUp(t, `eve-${Date.now()}`);
      expect(
        (await as(t, eve).post('/auth/logout/', { refresh_token: eve.refresh })).statusCode,
      ).toBe(204);
      value = eve.access;
    }
    const socket = await open(value);
    expect((await socket.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(socket.received).toEqual([]);
  });

  it('reads an object once for a burst of changes and its watchers', async () => {
    const discussion = await postDiscussion(t, ada);
    const watchers = await Promise.all([open(ada.access), open(bob.access), open()]);
    for (const socket of watchers) socket.subscribe('forum', discussion.id);
    await Promise.all(watchers.map((socket) => socket.nextUpdate()));
    const live = vi.spyOn(t.app.content.kind('forum'), 'live');

    await Promise.all(Array.from({ length: 30 }, () => countsChanged(discussion.id)));
    for (const socket of watchers) await socket.nextUpdate();
    await Promise.all(watchers.map((socket) => socket.expectSilence(400)));
    expect(live).toHaveBeenCalledTimes(1);
    expect(live.mock.calls[0]?.[2]?.toSorted()).toEqual([ada.user.id, bob.user.id].toSorted());

    // An object nobody watches here is never read.
    const unwatched = await postDiscussion(t, ada);
    await countsChanged(unwatched.id);
    await Promise.all(watchers.map((socket) => socket.expectSilence(400)));
    expect(live).toHaveBeenCalledTimes(1);
  });

  it('sends each watcher only the tallies that viewer may see, and none when they are hidden', async () => {
    const discussion = await postDiscussion(t, ada);
    const tallies: PollResults = {
      votersCount: 2,
      options: [{ id: 1, votes: 2, percent: 100 }],
      rounds: [],
      winners: [1],
    };
    let votersCount = 2;
    vi.spyOn(t.app.content.kind('forum'), 'live').mockImplementation(async () => ({
      counts: { votersCount },
      // Ada voted; bob and signed-out visitors have not, and results show after a vote.
      talliesFor: (viewerId) =>
        viewerId === ada.user.id ? { ...tallies, votersCount } : undefined,
    }));
    const [adaSocket, bobSocket, visitor] = await Promise.all([
      open(ada.access),
      open(bob.access),
      open(),
    ]);
    for (const socket of [adaSocket, bobSocket, visitor]) socket.subscribe('forum', discussion.id);
    expect(await adaSocket.nextUpdate()).toEqual({
      type: 'live_update',
      model: 'forum',
      id: discussion.id,
      counts: { votersCount: 2 },
      tallies,
    });
    for (const socket of [bobSocket, visitor]) {
      const snapshot = await socket.nextUpdate();
      expect(snapshot.counts).toEqual({ votersCount: 2 });
      expect(snapshot).not.toHaveProperty('tallies');
    }

    votersCount = 3;
    await countsChanged(discussion.id);
    expect((await adaSocket.nextUpdate()).tallies?.votersCount).toBe(3);
    for (const socket of [bobSocket, visitor]) {
      const update = await socket.nextUpdate();
      expect(update.counts).toEqual({ votersCount: 3 });
      expect(update).not.toHaveProperty('tallies');
    }
  });
});
