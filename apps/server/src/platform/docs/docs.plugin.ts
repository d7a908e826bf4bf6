import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { appWide } from '../plugin';
import { answerDescriber } from './error-responses';

const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document, generated from the routes' zod schemas, at /api/docs/json and
 * browsable at /api/docs. Registered before any route so that every route is seen.
 * Swagger UI loads only its own scripts and styles from this origin, so the app-wide CSP
 * fits it as is; its validator badge (an external image) is turned off. No `servers` entry:
 * "Try it out" then calls the origin the page was opened from, which the CSP allows.
 */
export const docsPlugin = appWide<{ version: string }>('agora-docs', async (app, { version }) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Agora API',
        description: 'Forums, polls, quizzes, marketplace, chat and notifications.',
        version,
      },
    },
    ...answerDescriber(app),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null },
  });
});
