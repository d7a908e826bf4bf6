import { appWide } from '../plugin';

/**
 * Node's server.close() only drops connections that are idle at that moment; one still
 * answering a request stays open for its keep-alive timeout (72 s) after the answer. Telling
 * such clients `Connection: close` lets close() finish as soon as the last answer is sent.
 */
export const gracefulClosePlugin = appWide('agora-graceful-close', async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
});
