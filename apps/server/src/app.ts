import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@agora/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import packageJson from '../package.json' with { type: 'json' };
import type { Config } from './config';
import { CONTENT_CLEANERS, CONTENT_KINDS } from './content-kinds';
import { albumsRoutes } from './features/albums';
import { authRoutes, sessionSource, tokenRoutes } from './features/auth';
import { chatRoutes } from './features/chat';
import { commentsRoutes } from './features/comments';
import { commonRoutes } from './features/common';
import { contactRoutes } from './features/contact';
import { forumsRoutes } from './features/forums';
import { healthRoutes } from './features/health';
import { mediaRoutes } from './features/media';
import { moderationRoutes, reportRoutes, staffRoutes } from './features/moderation';
import { notificationsRoutes } from './features/notifications';
import { pollsRoutes } from './features/polls';
import { quizzesRoutes } from './features/quizzes';
import { blocksRoutes, usersRoutes } from './features/users';
import { anonymousCachePlugin, anonymousCacheScope } from './platform/cache';
import { actionLimitsPlugin, authPlugin, newMembersPlugin, rateLimitPlugin } from './platform/auth';
import { busPlugin } from './platform/bus';
import { contentPlugin } from './platform/content';
import { dbPlugin, queryCountPlugin, type DatabaseConnection } from './platform/db';
import { docsPlugin } from './platform/docs';
import { errorsPlugin } from './platform/errors';
import {
  bodyParsersPlugin,
  compressionOptions,
  gracefulClosePlugin,
  helmetOptions,
  responseSerializerCompiler,
  securityHeadersPlugin,
} from './platform/http';
import { createLogger, requestIdFor, requestIdPlugin } from './platform/logging';
import { mailPlugin } from './platform/mail';
import { jobsPlugin } from './platform/jobs';
import { livePlugin } from './platform/live';
import { realtimePlugin } from './platform/realtime';
import { speechPlugin } from './platform/speech';
import { storagePlugin } from './platform/storage';
import { webAppPlugin } from './platform/web';
import { newMemberSource } from './new-member-source';
import { WEB_PAGES } from './web-pages';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/**
 * How long a clean stop waits for running background jobs: well inside main.ts's 10 s, so the
 * database still closes cleanly after them.
 */
const JOBS_STOP_GRACE_MS = 5_000;

/** What tests swap out; production passes none. */
export interface AppOverrides {
  /** An open, migrated database instead of opening the configured one. */
  database?: DatabaseConnection;
  /** Where log lines go instead of stdout. */
  logStream?: DestinationStream;
}

/**
 * Fastify reads a bare hop count as "trust nobody" (it cannot check the nearest peer); a count
 * here means what TRUST_PROXY documents: the server is reachable only through that many proxies,
 * so the address that many hops back is the client's.
 */
function trustedProxies(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The whole server, ready to `listen` or to `inject` into; nothing is opened until `ready()`. */
export function buildApp(config: Config, overrides: AppOverrides = {}): FastifyInstance {
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, overrides.logStream),
    genReqId: requestIdFor,
    bodyLimit: JSON_BODY_MAX_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // Rate limits and session history then see the client behind the load balancer.
    trustProxy: trustedProxies(config.trustProxy),
    // A fresh embedded database runs every migration while its plugin loads: on a slow or busy
    // machine that outlasts Fastify's default 10 s, and a first `npm start` would fail.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);

  // Security headers first, so every route has them; then the external plugins.
  app.register(
    securityHeadersPlugin,
    helmetOptions(config.publicUrl, {
      google: Boolean(config.googleClientId),
      apple: Boolean(config.appleClientId),
      facebook: Boolean(config.facebookAppId),
    }),
  );
  // Before the anonymous cache, whose answers from its copies are counted too.
  if (config.queryCountHeader) app.register(queryCountPlugin);
  const { clock } = config;
  // Its answers are copied before compression, and its copies compressed like any answer.
  app.register(anonymousCachePlugin, {
    ttlMs: config.anonymousCacheMs,
    scope: anonymousCacheScope(config.databaseUrl ?? config.dataDir),
    now: clock && (() => clock().getTime()),
  });
  // Before every route, so each answer passes its hook.
  app.register(fastifyCompress, compressionOptions);
  // Clients only listen on Agora's sockets: a large frame from one is refused, not buffered.
  app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES } });
  app.register(docsPlugin, { version: packageJson.version });
  app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  app.register(actionLimitsPlugin, { limits: config.actionLimits });

  // Platform
  app.register(requestIdPlugin);
  app.register(gracefulClosePlugin);
  app.register(errorsPlugin);
  app.register(bodyParsersPlugin);
  app.register(dbPlugin, {
    databaseUrl: config.databaseUrl,
    databasePoolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    connection: overrides.database,
    countQueries: config.queryCountHeader,
  });
  app.register(busPlugin, { redisUrl: config.redisUrl });
  app.register(jobsPlugin, {
    soleWorker: !config.databaseUrl && !overrides.database,
    stopGraceMs: JOBS_STOP_GRACE_MS,
    leaseMs: config.jobsLeaseSeconds * 1000,
  });
  app.register(mailPlugin, {
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  app.register(storagePlugin, {
    mediaDir: join(config.dataDir, 'media'),
    publicUrl: config.publicUrl,
    s3: config.s3,
  });
  app.register(speechPlugin);
  app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    sessions: sessionSource,
    clock: config.clock,
  });
  app.register(newMembersPlugin, {
    limits: config.newMembers,
    source: newMemberSource,
    clock: config.clock,
  });
  app.register(realtimePlugin, { pingIntervalMs: config.wsPingIntervalMs });
  app.register(contentPlugin, { kinds: CONTENT_KINDS, cleaners: CONTENT_CLEANERS });
  app.register(livePlugin);

  // Features
  app.register(healthRoutes, { prefix: '/api' });
  app.register(authRoutes, { prefix: '/auth' });
  app.register(tokenRoutes, { prefix: '/api' });
  app.register(usersRoutes, { prefix: '/auth' });
  app.register(forumsRoutes, { prefix: '/api/forums' });
  app.register(commentsRoutes, { prefix: '/api/forums' });
  app.register(pollsRoutes, { prefix: '/api/forums' });
  app.register(quizzesRoutes, { prefix: '/api/forums' });
  app.register(reportRoutes, { prefix: '/api/forums' });
  app.register(moderationRoutes, { prefix: '/api/moderation' });
  app.register(staffRoutes, { prefix: '/api/moderation' });
  app.register(commonRoutes, { prefix: '/api/common' });
  app.register(contactRoutes, { prefix: '/api' });
  app.register(blocksRoutes, { prefix: '/api/common' });
  app.register(chatRoutes, { prefix: '/api/chats/chat-list' });
  app.register(notificationsRoutes, { prefix: '/api/common' });
  app.register(mediaRoutes, { prefix: '/api/common' });
  app.register(albumsRoutes, { prefix: '/api/common' });

  // Last: the SPA answers whatever GET no route above claimed.
  app.register(webAppPlugin, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    pages: WEB_PAGES,
  });

  return app;
}
