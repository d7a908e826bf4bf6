import {
  CHAT_SOCKET_PATH,
  parseSocketMessage,
  type ChatListEntry,
  type ChatMessage,
  type SocketMessage,
} from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { WebSocket } from 'ws';
import { bearer, type Member } from './accounts';
import type { TestApp } from './build-app';
import { as } from './forums';

/**
 * Chat helpers for tests: chats made through the API and sockets that keep what they receive.
 *
 *   const chat = await startChat(t, ada, bob, 'Hello');
 *   const socket = await openSocket(t.app, bob.access);
 *   await socket.next((message) => message.type === 'chat_message');
 */

export const CHATS = '/api/chats/chat-list';

export async function startChat(
  t: TestApp,
  from: Member,
  to: Member,
  text = 'Hello there',
): Promise<ChatListEntry> {
  const response = await as(t, from).post(`${CHATS}/`, { member: to.user.id, newmessage: text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ChatListEntry>();
}

export async function sendChatMessage(
  t: TestApp,
  from: Member,
  chatId: number,
  text: string,
): Promise<ChatMessage> {
  const response = await as(t, from).post(`${CHATS}/${chatId}/send_messages/`, {
    newmessage: text,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ChatMessage>();
}

export async function unreadChats(t: TestApp, member: Member): Promise<number> {
  const response = await as(t, member).get(`${CHATS}/unread_chat/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unreadChat: number }>().unreadChat;
}

export interface TestSocket {
  socket: WebSocket;
  /** Every message received so far, in order. */
  received: SocketMessage[];
  /** The first message (already received or still to come) that matches, after the ones already taken. */
  next(match?: (message: SocketMessage) => boolean, timeoutMs?: number): Promise<SocketMessage>;
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
}

/** Wraps a client socket before it opens, so the server's first message is not missed. */
export function recordSocket(socket: WebSocket): TestSocket {
  const received: SocketMessage[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  socket.on('message', (data: Buffer) => {
    const message = parseSocketMessage(data.toString());
    expect(message, `not a socket message: ${data.toString()}`).not.toBeNull();
    if (message) received.push(message);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) =>
      resolve({ code, reason: reason.toString() }),
    );
  });
  return {
    socket,
    received,
    closed,
    next(match = () => true, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = received.findIndex((message, at) => at >= taken && match(message));
          if (index === -1) return false;
          taken = index + 1;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received[index] as SocketMessage);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching socket message within ${timeoutMs} ms; got ${JSON.stringify(received)}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}

/** A chat socket on the app through `injectWS` (no listening port). */
export async function openSocket(app: FastifyInstance, token?: string): Promise<TestSocket> {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  let recorded: TestSocket | undefined;
  await app.injectWS(
    `${CHAT_SOCKET_PATH}${query}`,
    {},
    {
      onInit: (socket) => {
        recorded = recordSocket(socket);
      },
    },
  );
  if (!recorded) throw new Error('injectWS did not hand over its socket');
  return recorded;
}

/** Resolves after `ms`, to show that nothing else arrives. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PUT as `member` (the forum helpers' client has no PUT), or signed out when it is null. */
export function put(t: TestApp, member: Member | null, url: string) {
  return t.app.inject({ method: 'PUT', url, headers: member ? bearer(member.access) : {} });
}
