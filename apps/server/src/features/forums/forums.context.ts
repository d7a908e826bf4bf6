import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import { contentContext, type ContentContext } from '../../platform/content';

/** Everything the forum services use: the content context every kind of content shares. */
export type ForumsContext = ContentContext;

export const forumsContext = (app: FastifyInstance, bus: Bus = app.bus): ForumsContext =>
  contentContext(app, bus);
