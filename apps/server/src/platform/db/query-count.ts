import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { appWide } from '../plugin';

/** Response header with the number of SQL statements the request sent (the benchmark reads it). */
export const QUERY_COUNT_HEADER = 'x-query-count';

interface Tally {
  count: number;
}

const current = new AsyncLocalStorage<Tally>();
const tallies = new WeakMap<FastifyRequest, Tally>();

/** Counts one statement against the request whose work sent it; elsewhere it does nothing. */
export function countQuery(): void {
  const tally = current.getStore();
  if (tally) tally.count += 1;
}

/**
 * Adds QUERY_COUNT_HEADER to every response. Off unless configured: AsyncLocalStorage makes
 * every promise a little slower. Registered before any plugin that may answer from its own
 * `onRequest` hook (the anonymous cache), so those answers are counted too. Everything after
 * `onRequest` (body parsing included, as the test over a real socket checks) runs inside the
 * request's tally.
 */
export const queryCountPlugin = appWide('agora-query-count', async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const tally = { count: 0 };
    tallies.set(request, tally);
    current.run(tally, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const tally = tallies.get(request);
    if (tally) reply.header(QUERY_COUNT_HEADER, tally.count);
    return payload;
  });
});
