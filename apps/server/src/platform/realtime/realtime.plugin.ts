import { randomUUID } from 'node:crypto';
import {
  WS_CLOSE_TOO_FAST,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_CLOSE_UNAUTHORIZED,
  WS_SOCKETS_PER_MEMBER_MAX,
  ZSocketMessage,
  type SocketMessagesByPath,
  type SocketPath,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { SESSION_REVOKED_TOPIC, type AuthUser } from '../auth';
import { AppError } from '../errors';
import { appWide } from '../plugin';
import { ConnectionRegistry, type Connection } from './connections';
import {
  INSTANCE_STOPPED_TOPIC,
  isSocketEvent,
  pastLimit,
  RemoteSockets,
  SOCKET_CLOSED_TOPIC,
  SOCKET_OPENED_TOPIC,
  type SocketEvent,
} from './member-sockets';

/** Sends one message on the socket being opened; typed by the socket's path. */
export type SocketSend<P extends SocketPath> = (message: SocketMessagesByPath[P]) => void;

/** What a route hears from one open socket, when the client talks back (see `listen`). */
export interface SocketListener {
  /**
   * A text message from the client. One socket's messages are handled one at a time, in the
   * order sent (those sent while the token was being checked included); a throw is logged and
   * the socket stays open.
   */
  onMessage?(text: string): void | Promise<void>;
  /** The socket closed, whichever side closed it. */
  onClose?(): void;
}

/** `User` is `AuthUser`, or `AuthUser | null` on an open route (null: a signed-out visitor). */
export interface RealtimeRoute<P extends SocketPath, User = AuthUser> {
  /**
   * Runs once the token is verified and the socket is listed for live delivery: send the
   * first messages here (counts). A throw closes the socket with 1011.
   */
  onOpen?(user: User, send: SocketSend<P>): void | Promise<void>;
  /** Once open (after `onOpen`): what to do with the client's messages and the socket's close. */
  listen?(user: User, send: SocketSend<P>): SocketListener;
}

export interface Realtime {
  /** Declares the socket at `path` (absolute, whatever prefix the caller is registered with). */
  route<P extends SocketPath>(path: P, handlers: RealtimeRoute<P>): void;
  /**
   * Declares a socket signed-out visitors may open too (`user` null without a token); a token
   * that is given must still be valid (4401 otherwise), and identifies the member.
   */
  openRoute<P extends SocketPath>(path: P, handlers: RealtimeRoute<P, AuthUser | null>): void;
  /**
   * Delivers `message` to every socket the member has open on `path`, on every instance: it is
   * validated here, published on the bus and written out by each instance to its own sockets.
   * Resolves once published (delivery is asynchronous and at most once).
   */
  sendToUser<P extends SocketPath>(
    userId: number,
    path: P,
    message: SocketMessagesByPath[P],
  ): Promise<void>;
  /** Sockets open on this instance (bench and health figures). */
  localConnections(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  /** How often the server pings each socket; a peer that has not answered the last ping is dropped. */
  pingIntervalMs?: number;
}

/** Bus topic of live deliveries; its payload is a `Delivery`. */
export const REALTIME_DELIVERY_TOPIC = 'realtime.deliver';
const DEFAULT_PING_INTERVAL_MS = 30_000;
/** A peer this far behind on reading is dropped instead of buffering without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const CLOSE_SERVER_ERROR = 1011;
const CLOSE_GOING_AWAY = 1001;
const UNAUTHORIZED_REASON = 'Sign in again to receive live updates.';
/**
 * Client messages waiting to be handled on one socket; more are dropped. Handling takes a
 * query or two, so a client writing faster than that cannot queue work without end.
 */
const MAX_WAITING_MESSAGES = 64;
/**
 * What one socket may send: a burst (a page subscribing to every counter on it at once), then a
 * steady rate. Past it the client is broken or hostile, and its socket is closed.
 */
const SEND_BURST = 100;
const SEND_PER_SECOND = 20;

/** Counts a socket's messages against `SEND_BURST` and `SEND_PER_SECOND`. */
function sendAllowance(): () => boolean {
  let tokens = SEND_BURST;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(SEND_BURST, tokens + ((now - last) / 1000) * SEND_PER_SECOND);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

type Delivery = {
  userId: number;
  path: string;
  /** The message as JSON text, serialised once by the sender for every socket. */
  data: string;
};

function isDelivery(payload: unknown): payload is Delivery {
  if (typeof payload !== 'object' || payload === null) return false;
  const { userId, path, data } = payload as Record<string, unknown>;
  return typeof userId === 'number' && typeof path === 'string' && typeof data === 'string';
}

function tokenOf(request: FastifyRequest): string | undefined {
  const { token } = request.query as Record<string, unknown>;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.isBuffer(data) ? data.toString() : Buffer.from(new Uint8Array(data)).toString();
}

function write(connection: Connection, data: string): void {
  const { socket } = connection;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(data);
}

/**
 * Authenticated WebSockets for features, on top of @fastify/websocket (register after auth and bus).
 *
 *   app.realtime.route(CHAT_SOCKET_PATH, {
 *     async onOpen(user, send) { send({ type: 'total_chat', total_chat: await count(user.id) }); },
 *   });
 *   await app.realtime.sendToUser(memberId, CHAT_SOCKET_PATH, { type: 'total_chat', total_chat: 2 });
 *
 * The access token comes as `?token=`; missing, invalid or expired closes with 4401, and so does
 * the revocation of the socket's session (bus event). On an `openRoute` a missing token is a
 * signed-out visitor instead. Every live message crosses the bus, so a
 * member connected to another instance receives it too.
 */
export const realtimePlugin = appWide<RealtimePluginOptions>(
  'agora-realtime',
  async (app, options) => {
    const connections = new ConnectionRegistry();
    const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
    // Names this instance's sockets across the cluster, for the per-member limit.
    const instance = randomUUID();
    let opened = 0;
    const remote = new RemoteSockets();

    /** Closes this instance's sockets of the member that are among their oldest past the limit. */
    function enforceSocketLimit(userId: number): void {
      const mine = connections.ofMember(userId);
      const past = pastLimit(
        [...mine, ...remote.of(userId, Date.now())],
        WS_SOCKETS_PER_MEMBER_MAX,
      );
      for (const connection of mine) {
        if (!past.has(connection.key)) continue;
        connection.socket.close(
          WS_CLOSE_TOO_MANY_SOCKETS,
          'Too many live connections are open for your account; this, the oldest, was closed.',
        );
      }
    }

    // Once stopping, one `instance-stopped` says that every socket here is gone.
    let stopping = false;
    const announce = (topic: string, connection: Connection) => {
      if (connection.userId === null || stopping) return;
      const event: SocketEvent = {
        userId: connection.userId,
        key: connection.key,
        openedAt: connection.openedAt,
        instance,
      };
      app.bus.publish(topic, { ...event }).catch((error: unknown) => {
        app.log.warn({ err: error, topic }, 'could not tell the other instances of a socket');
      });
    };

    /**
     * Checks the token, lists the socket and runs `onOpen`; resolves with the route's listener
     * while the socket is open (undefined once refused or closed).
     */
    async function accept<P extends SocketPath>(
      path: P,
      handlers: RealtimeRoute<P, AuthUser | null>,
      signedOutAllowed: boolean,
      socket: WebSocket,
      request: FastifyRequest,
    ): Promise<SocketListener | undefined> {
      const token = tokenOf(request);
      let user: AuthUser | null = null;
      try {
        if (token) user = await app.auth.verifyAccess(token);
        else if (!signedOutAllowed) throw new AppError('unauthenticated');
      } catch (error) {
        if (!(error instanceof AppError)) {
          request.log.error({ err: error }, 'could not check a socket token');
          socket.close(CLOSE_SERVER_ERROR, 'Live updates are unavailable; try again shortly.');
          return undefined;
        }
        socket.close(WS_CLOSE_UNAUTHORIZED, UNAUTHORIZED_REASON);
        return undefined;
      }
      // The peer may have left while the token was being checked.
      if (socket.readyState !== socket.OPEN) return undefined;

      opened += 1;
      const connection: Connection = {
        userId: user?.id ?? null,
        sessionId: user?.sessionId ?? null,
        path,
        socket,
        key: `${instance}:${opened}`,
        openedAt: Date.now(),
      };
      connections.add(connection);
      if (user) {
        announce(SOCKET_OPENED_TOPIC, connection);
        enforceSocketLimit(user.id);
      }
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const ping = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, pingIntervalMs);
      let listener: SocketListener | undefined;
      let closed = false;
      socket.on('close', () => {
        closed = true;
        clearInterval(ping);
        connections.remove(connection);
        announce(SOCKET_CLOSED_TOPIC, connection);
        listener?.onClose?.();
      });

      const send: SocketSend<P> = (message) => {
        write(connection, JSON.stringify(ZSocketMessage.parse(message)));
      };
      try {
        await handlers.onOpen?.(user, send);
        listener = handlers.listen?.(user, send);
      } catch (error) {
        request.log.error({ err: error, path }, 'socket open handler failed');
        socket.close(CLOSE_SERVER_ERROR, 'Live updates are unavailable; try again shortly.');
        return undefined;
      }
      // Closed while the route was opening: the close handler ran before there was a listener.
      if (closed) {
        listener?.onClose?.();
        return undefined;
      }
      return listener;
    }

    function open<P extends SocketPath>(
      path: P,
      handlers: RealtimeRoute<P, AuthUser | null>,
      signedOutAllowed: boolean,
      socket: WebSocket,
      request: FastifyRequest,
    ): void {
      const accepted = accept(path, handlers, signedOutAllowed, socket, request);
      // Listening at once: a client may write as soon as it is connected, before the token is
      // checked. Its messages are handled one at a time, once the route's listener is known.
      let handling: Promise<unknown> = accepted;
      let waiting = 0;
      let connected = true;
      socket.on('close', () => {
        connected = false;
      });
      const allowed = sendAllowance();
      socket.on('message', (data: RawData, isBinary: boolean) => {
        if (!allowed()) {
          socket.close(WS_CLOSE_TOO_FAST, 'Too many messages too fast; reconnect and slow down.');
          return;
        }
        if (isBinary || waiting >= MAX_WAITING_MESSAGES) return;
        const text = textOf(data);
        waiting += 1;
        handling = handling
          .then(async () => {
            const listener = await accepted;
            if (connected) await listener?.onMessage?.(text);
          })
          .catch((error: unknown) =>
            request.log.error({ err: error, path }, 'socket message failed'),
          )
          .finally(() => {
            waiting -= 1;
          });
      });
    }

    function declare<P extends SocketPath>(
      path: P,
      handlers: RealtimeRoute<P, AuthUser | null>,
      signedOutAllowed: boolean,
    ): void {
      app.get(path, { websocket: true }, (socket, request) => {
        open(path, handlers, signedOutAllowed, socket, request);
      });
    }

    const unsubscribeDeliveries = await app.bus.subscribe(REALTIME_DELIVERY_TOPIC, (payload) => {
      if (!isDelivery(payload)) return;
      for (const connection of connections.of(payload.userId, payload.path)) {
        write(connection, payload.data);
      }
    });
    const unsubscribeRevocations = await app.bus.subscribe(SESSION_REVOKED_TOPIC, (payload) => {
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
      const { sessionId, userId } = payload;
      if (typeof sessionId !== 'string' || typeof userId !== 'number') return;
      for (const connection of connections.ofSession(userId, sessionId)) {
        connection.socket.close(WS_CLOSE_UNAUTHORIZED, UNAUTHORIZED_REASON);
      }
    });

    const unsubscribeSockets = await Promise.all([
      app.bus.subscribe(SOCKET_OPENED_TOPIC, (payload) => {
        if (!isSocketEvent(payload) || payload.instance === instance) return;
        remote.opened(payload);
        enforceSocketLimit(payload.userId);
      }),
      app.bus.subscribe(SOCKET_CLOSED_TOPIC, (payload) => {
        if (isSocketEvent(payload) && payload.instance !== instance) remote.closed(payload);
      }),
      app.bus.subscribe(INSTANCE_STOPPED_TOPIC, (payload) => {
        if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
        if (typeof payload.instance === 'string' && payload.instance !== instance) {
          remote.stopped(payload.instance);
        }
      }),
    ]);

    app.addHook('preClose', async () => {
      await Promise.all([
        unsubscribeDeliveries(),
        unsubscribeRevocations(),
        ...unsubscribeSockets.map((unsubscribe) => unsubscribe()),
      ]);
      stopping = true;
      await app.bus.publish(INSTANCE_STOPPED_TOPIC, { instance }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not tell the other instances this one stops');
      });
      for (const connection of connections.all()) {
        connection.socket.close(CLOSE_GOING_AWAY, 'The server is restarting; reconnect shortly.');
      }
    });

    app.decorate('realtime', {
      route(path, handlers) {
        // Without a token the socket is refused before `onOpen`, so it only ever sees a member.
        declare(path, handlers, false);
      },
      openRoute(path, handlers) {
        declare(path, handlers, true);
      },
      async sendToUser(userId, path, message) {
        const delivery: Delivery = {
          userId,
          path,
          data: JSON.stringify(ZSocketMessage.parse(message)),
        };
        await app.bus.publish(REALTIME_DELIVERY_TOPIC, delivery);
      },
      localConnections: () => connections.size,
    } satisfies Realtime);
  },
);
