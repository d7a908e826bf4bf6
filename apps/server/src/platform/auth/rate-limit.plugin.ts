import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { appWide } from '../plugin';

/** Under `injectWS` and some proxies request.ip is undefined; the plugin would throw. */
export function rateLimitKey(request: FastifyRequest): string {
  return request.ip || request.socket?.remoteAddress || 'unknown';
}

/**
 * @fastify/rate-limit, off by default: a route opts in with `onRequest: app.rateLimit({...})`.
 * Counters live in Redis when REDIS_URL is set (shared by every instance), else in memory.
 */
export const rateLimitPlugin = appWide<{ redisUrl?: string }>(
  'agora-rate-limit',
  async (app, { redisUrl }) => {
    let redis: Redis | undefined;
    if (redisUrl) {
      const { Redis: RedisClient } = await import('ioredis');
      redis = new RedisClient(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        await redis?.quit();
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      redis,
      nameSpace: 'agora:rate-limit:',
      // A broken Redis must not lock everybody out of signing in.
      skipOnError: true,
      keyGenerator: rateLimitKey,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'rate_limited',
          `Too many attempts from your network. Please wait ${context.after} and try again.`,
        ),
    });
  },
);
