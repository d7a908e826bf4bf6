/**
 * Live sockets for features: `app.realtime.route(path, { onOpen(user, send) })` declares an
 * authenticated socket (token in `?token=`, 4401 when missing, invalid, expired or revoked);
 * `openRoute` one signed-out visitors may open too; `listen` returns a `SocketListener` to hear
 * what the client sends;
 * `app.realtime.sendToUser(userId, path, message)` reaches every socket the member has open on
 * that path, on every instance, through the bus. Messages are typed and validated by
 * `SocketMessagesByPath` / `ZSocketMessage` from `@agora/shared`.
 */
export {
  realtimePlugin,
  REALTIME_DELIVERY_TOPIC,
  type Realtime,
  type RealtimePluginOptions,
  type RealtimeRoute,
  type SocketListener,
  type SocketSend,
} from './realtime.plugin';
