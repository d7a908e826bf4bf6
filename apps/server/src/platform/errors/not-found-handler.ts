import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError } from './app-error';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * 405 with an Allow header when the path exists for other methods, else a JSON 404.
 * Catch-all routes (the SPA fallback, static folders) do not make a path "exist".
 */
export function createNotFoundHandler(app: FastifyInstance) {
  return function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const url = request.url.split('?', 1)[0] ?? '/';
    const allowed = METHODS.filter((method) => {
      const route = app.findRoute({ method, url });
      return route !== null && !('*' in route.params);
    });
    const error = new AppError(allowed.length > 0 ? 'method_not_allowed' : 'not_found');
    if (allowed.length > 0) reply.header('allow', allowed.join(', '));
    return reply.code(error.status).send(error.toBody());
  };
}
