import { appWide } from '../plugin';
import type { Bus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

export const busPlugin = appWide<{ redisUrl?: string }>('agora-bus', async (app, { redisUrl }) => {
  const bus = redisUrl ? await createRedisBus(redisUrl, app.log) : createMemoryBus(app.log);
  app.addHook('onClose', () => bus.close());
  app.decorate('bus', bus);
});
