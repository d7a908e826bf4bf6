import { LIVE_SOCKET_PATH, type LiveClientMessage, type LiveUpdateEvent } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pause, recordSocket, type TestSocket } from './chat';

/**
 * Live-socket helpers for tests: a `/ws/live/` client that keeps what it receives.
 *
 *   const socket = await openLiveSocket(t.app, ada.access);
 *   socket.subscribe('forum', discussion.id);
 *   const snapshot = await socket.nextUpdate();
 */

export interface LiveTestSocket extends TestSocket {
  /** Sends a raw text frame, for messages of the wrong shape. */
  sendText(text: string): void;
  subscribe(model: LiveClientMessage['model'], id: number): void;
  unsubscribe(model: LiveClientMessage['model'], id: number): void;
  /** The next live update (already received or still to come), optionally of one object. */
  nextUpdate(target?: { model: string; id: number }, timeoutMs?: number): Promise<LiveUpdateEvent>;
  /** Waits `ms` and checks that no live update came meanwhile beyond those already taken. */
  expectSilence(ms?: number): Promise<void>;
}

/** `/ws/live/` on the app through `injectWS`, signed out when `token` is undefined. */
export async function openLiveSocket(
  app: FastifyInstance,
  token?: string,
): Promise<LiveTestSocket> {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  let recorded: TestSocket | undefined;
  await app.injectWS(
    `${LIVE_SOCKET_PATH}${query}`,
    {},
    {
      onInit: (socket) => {
        recorded = recordSocket(socket);
      },
    },
  );
  if (!recorded) throw new Error('injectWS did not hand over its socket');
  const socket = recorded;
  let taken = 0;
  const send = (message: LiveClientMessage) => socket.socket.send(JSON.stringify(message));
  return {
    ...socket,
    sendText: (text) => socket.socket.send(text),
    subscribe: (model, id) => send({ type: 'subscribe', model, id }),
    unsubscribe: (model, id) => send({ type: 'unsubscribe', model, id }),
    async nextUpdate(target, timeoutMs) {
      const message = await socket.next(
        (candidate) =>
          candidate.type === 'live_update' &&
          (target === undefined ||
            (candidate.model === target.model && candidate.id === target.id)),
        timeoutMs,
      );
      taken = socket.received.indexOf(message) + 1;
      if (message.type !== 'live_update') throw new Error('not a live update');
      return message;
    },
    async expectSilence(ms = 600) {
      await pause(ms);
      expect(socket.received.slice(taken)).toEqual([]);
    },
  };
}
