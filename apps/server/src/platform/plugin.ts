import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Lets a platform plugin's decorators, hooks and handlers apply to the whole app instead of
 * its own encapsulated context. This is Fastify's documented 'skip-override' property, which
 * is all fastify-plugin sets for us; that package is not a declared dependency of the server.
 */
export function appWide<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
