import type { RouteHandlerMethod } from 'fastify';
import { appWide } from '../plugin';

/**
 * Node's server.close() only drops connections that are idle at that moment; one still
 * answering a request stays open for its keep-alive timeout (72 s) after the answer. Telling
 * such clients `Connection: close` lets close() finish as soon as the last answer is sent.
 *
 * A handler whose client has gone away keeps running, but its connection is closed, so
 * server.close() no longer waits for it and the onClose hooks would close the database under
 * its next query. Closing therefore first waits for every running handler. WebSocket routes
 * are left out: their handlers last as long as their sockets, which the realtime plugin closes.
 */
export const gracefulClosePlugin = appWide('agora-graceful-close', async (app) => {
  let closing = false;
  const running = new Set<Promise<unknown>>();
  app.addHook('onRoute', (route) => {
    if (route.websocket) return;
    const handler: RouteHandlerMethod = route.handler;
    route.handler = function tracked(request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (!(result instanceof Promise)) return result;
      running.add(result);
      // Its failure is Fastify's to answer; this copy only marks the end.
      result.then(
        () => running.delete(result),
        () => running.delete(result),
      );
      return result;
    };
  });
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.allSettled(running);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
});
