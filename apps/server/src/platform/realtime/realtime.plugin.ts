import {
  WS_CLOSE_UNAUTHORIZED,
  ZSocketMessage,
  type SocketMessagesByPath,
  type SocketPath,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { SESSION_REVOKED_TOPIC, type AuthUser } from '../auth';
import { AppError } from '../errors';
import { appWide } from '../plugin';
import { ConnectionRegistry, type Connection } from './connections';

/** Sends one message on the socket being opened; typed by the socket's path. */
export type SocketSend<P extends SocketPath> = (message: SocketMessagesByPath[P]) => void;

export interface RealtimeRoute<P extends SocketPath> {
  /**
   * Runs once the token is verified and the socket is listed for live delivery: send the
   * first messages here (counts). A throw closes the socket with 1011.
   */
  onOpen?(user: AuthUser, send: SocketSend<P>): void | Promise<void>;
}

export interface Realtime {
  /** Declares the socket at `path` (absolute, whatever prefix the caller is registered with). */
  route<P extends SocketPath>(path: P, handlers: RealtimeRoute<P>): void;
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
 * the revocation of the socket's session (bus event). Every live message crosses the bus, so a
 * member connected to another instance receives it too.
 */
export const realtimePlugin = appWide<RealtimePluginOptions>(
  'agora-realtime',
  async (app, options) => {
    const connections = new ConnectionRegistry();
    const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;

    async function open<P extends SocketPath>(
      path: P,
      handlers: RealtimeRoute<P>,
      socket: WebSocket,
      request: FastifyRequest,
    ): Promise<void> {
      const token = tokenOf(request);
      let user: AuthUser;
      try {
        if (!token) throw new AppError('unauthenticated');
        user = await app.auth.verifyAccess(token);
      } catch (error) {
        if (!(error instanceof AppError)) {
          request.log.error({ err: error }, 'could not check a socket token');
          socket.close(CLOSE_SERVER_ERROR, 'Live updates are unavailable; try again shortly.');
          return;
        }
        socket.close(WS_CLOSE_UNAUTHORIZED, UNAUTHORIZED_REASON);
        return;
      }
      // The peer may have left while the token was being checked.
      if (socket.readyState !== socket.OPEN) return;

      const connection: Connection = { userId: user.id, sessionId: user.sessionId, path, socket };
      connections.add(connection);
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
      socket.on('close', () => {
        clearInterval(ping);
        connections.remove(connection);
      });

      try {
        await handlers.onOpen?.(user, (message) => {
          write(connection, JSON.stringify(ZSocketMessage.parse(message)));
        });
      } catch (error) {
        request.log.error({ err: error, path }, 'socket open handler failed');
        socket.close(CLOSE_SERVER_ERROR, 'Live updates are unavailable; try again shortly.');
      }
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

    app.addHook('preClose', async () => {
      await Promise.all([unsubscribeDeliveries(), unsubscribeRevocations()]);
      for (const connection of connections.all()) {
        connection.socket.close(CLOSE_GOING_AWAY, 'The server is restarting; reconnect shortly.');
      }
    });

    app.decorate('realtime', {
      route(path, handlers) {
        app.get(path, { websocket: true }, (socket, request) => {
          void open(path, handlers, socket, request);
        });
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
