import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { appWide } from '../plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is kept so logs join up across a proxy, but only if it cannot forge log lines. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id so a member can quote it when reporting a failure. */
export const requestIdPlugin = appWide('agora-request-id', async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
