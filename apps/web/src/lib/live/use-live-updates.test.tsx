import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import type { LiveUpdateEvent } from '@agora/shared';
import { configureHttpClient } from '../http-client';
import { FakeWebSocket } from '../testing/fake-websocket';
import { makeJwt } from '../testing/jwt';
import { useLiveUpdates } from './use-live-updates';
import type { LiveTarget } from './live-socket';

const ADA = makeJwt({ sub: 1, sid: 'a' });

/** A store whose only state is the access token, as the session bridge reads it. */
function sessionStore() {
  const session = createSlice({
    name: 'session',
    initialState: { token: null as string | null },
    reducers: {
      signedIn: (state, action: { payload: string }) => {
        state.token = action.payload;
      },
    },
  });
  const store = configureStore({ reducer: { session: session.reducer } });
  configureHttpClient({
    getAccessToken: () => store.getState().session.token,
    onTokenRefreshed: () => undefined,
    onLogout: () => undefined,
  });
  return { store, signIn: (token: string) => store.dispatch(session.actions.signedIn(token)) };
}

function Counter({ target, seen }: { target: LiveTarget | null; seen: LiveUpdateEvent[] }) {
  const [likes, setLikes] = useState<number | null>(null);
  useLiveUpdates(target, (event) => {
    seen.push(event);
    setLikes(event.counts.likesCount ?? null);
  });
  return <p>{likes === null ? 'no count yet' : `${likes} likes`}</p>;
}

const update = (id: number, likesCount: number): LiveUpdateEvent => ({
  type: 'live_update',
  model: 'poll',
  id,
  counts: { likesCount },
});

/** The environment's own socket class, put back after each test swaps in the fake. */
const realWebSocket = globalThis.WebSocket;
beforeEach(() => {
  FakeWebSocket.reset();
  globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
});

afterEach(() => {
  globalThis.WebSocket = realWebSocket;
});

describe('useLiveUpdates', () => {
  it("shares one socket between a tab's components and hands each its object's updates", () => {
    const { store } = sessionStore();
    const seen7: LiveUpdateEvent[] = [];
    const seen8: LiveUpdateEvent[] = [];
    const view = render(
      <Provider store={store}>
        <Counter target={{ model: 'poll', id: 7 }} seen={seen7} />
        <Counter target={{ model: 'poll', id: 8 }} seen={seen8} />
        <Counter target={null} seen={[]} />
      </Provider>,
    );
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.last();
    expect(socket.url).toBe(`ws://${window.location.host}/ws/live/`);
    act(() => socket.open());
    expect(socket.sent).toEqual([
      { type: 'subscribe', model: 'poll', id: 7 },
      { type: 'subscribe', model: 'poll', id: 8 },
    ]);
    act(() => socket.receive(update(7, 4)));
    expect(view.getByText('4 likes')).toBeInTheDocument();
    expect(seen7).toEqual([update(7, 4)]);
    expect(seen8).toEqual([]);

    view.unmount();
    expect(socket.sent.slice(2)).toEqual([
      { type: 'unsubscribe', model: 'poll', id: 7 },
      { type: 'unsubscribe', model: 'poll', id: 8 },
    ]);
  });

  it('follows a new object when the target changes, and reconnects as the member who signs in', () => {
    const { store, signIn } = sessionStore();
    const seen: LiveUpdateEvent[] = [];
    const view = render(
      <Provider store={store}>
        <Counter target={{ model: 'poll', id: 7 }} seen={seen} />
      </Provider>,
    );
    act(() => FakeWebSocket.last().open());
    view.rerender(
      <Provider store={store}>
        <Counter target={{ model: 'poll', id: 9 }} seen={seen} />
      </Provider>,
    );
    expect(FakeWebSocket.last().sent).toEqual([
      { type: 'subscribe', model: 'poll', id: 7 },
      { type: 'unsubscribe', model: 'poll', id: 7 },
      { type: 'subscribe', model: 'poll', id: 9 },
    ]);

    act(() => {
      signIn(ADA);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last().url).toContain(`?token=${ADA}`);
    act(() => FakeWebSocket.last().open());
    expect(FakeWebSocket.last().sent).toEqual([{ type: 'subscribe', model: 'poll', id: 9 }]);
    view.unmount();
  });
});
