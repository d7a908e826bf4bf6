import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth';
import { AppError } from '../errors';
import { appWide } from '../plugin';

/** A signed-out copy as a personaliser reads it: the JSON text and, parsed once, its value. */
export interface SignedOutAnswer {
  payload: string;
  answer: unknown;
}

/**
 * Turns the signed-out answer into the member's JSON text: it may only add what is the
 * member's own (their likes, bookmarks, votes), in a fixed number of queries.
 */
export type Personalise = (viewer: AuthUser, copy: SignedOutAnswer) => Promise<string>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose answer to a signed-out visitor depends on nothing but its URL: signed-out
     * answers are copied for `ANONYMOUS_CACHE_MS` and served from memory, as Discourse's
     * anonymous cache does. With `personalise`, a member (not staff) gets the signed-out copy
     * with only their own marks added: a list that shows members nothing else of their own.
     */
    anonymousCache?: boolean | { personalise: Personalise };
  }
}

export interface AnonymousCacheOptions {
  /** How long a copy is served; 0 turns the cache off (writes still advance the version). */
  ttlMs: number;
  /** What the copies are of: instances on one database share their version. */
  scope: string;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

interface Copy {
  payload: string;
  contentType: string;
  copiedAt: number;
  /** The payload parsed, kept once a member's request needed it. */
  parsed?: unknown;
}

/** Copies held at once, the oldest dropped first; an answer this large is not copied. */
const MAX_COPIES = 2000;
const MAX_COPY_BYTES = 512 * 1024;

/**
 * Writes that change nothing a signed-out visitor reads: chat, notifications, tokens. Every
 * other successful write makes every copy stale.
 */
const PRIVATE_WRITES = [
  '/api/chats/',
  '/api/common/notification',
  '/api/token/',
  '/auth/login/',
  '/auth/logout/',
];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The version every copy is made under, named for the database the copies come from. */
export const anonymousCacheScope = (database: string) =>
  `anonymous:${createHash('sha256').update(database).digest('hex').slice(0, 16)}`;

interface Pending {
  key: string;
  settle(copy: Copy | undefined): void;
}

/**
 * Serves signed-out GETs of routes marked `anonymousCache` from memory for a short time.
 *
 * Correctness: each copy is filed under the content version read before its answer was
 * computed, and every successful write advances that version (in Redis when REDIS_URL is set,
 * so on every instance at once) before its own answer leaves. A reader who comes after a write
 * therefore never gets a copy made before it; a copy made while the write was committing is
 * filed under the old version and never served again. Changes that are no HTTP write (a view
 * counted, a poll's closing time passing) show within the copy's lifetime.
 *
 * Concurrent misses of one URL wait for the first to compute it, so a version change under
 * load costs one query, not one per waiting visitor.
 */
export const anonymousCachePlugin = appWide<AnonymousCacheOptions>(
  'agora-anonymous-cache',
  async (app, options) => {
    const now = options.now ?? Date.now;
    const copies = new Map<string, Copy>();
    const computing = new Map<string, Promise<Copy | undefined>>();
    const pending = new WeakMap<FastifyRequest, Pending>();

    const send = (reply: FastifyReply, copy: Copy) =>
      reply.header('content-type', copy.contentType).header('x-cache', 'HIT').send(copy.payload);

    const fresh = (copy: Copy | undefined) =>
      copy !== undefined && now() - copy.copiedAt < options.ttlMs ? copy : undefined;

    /**
     * The fresh signed-out copy of `url`, made now through an internal signed-out request when
     * there is none (which files it like any other); undefined when that answer is no 200.
     */
    async function signedOutCopy(url: string): Promise<Copy | undefined> {
      const version = await app.bus.version(options.scope);
      const held = fresh(copies.get(`${version} ${url}`));
      if (held) return held;
      const answer = await app.inject({ method: 'GET', url });
      const contentType = answer.headers['content-type'];
      if (answer.statusCode !== 200 || typeof contentType !== 'string') return undefined;
      return { payload: answer.body, contentType, copiedAt: now() };
    }

    /** A member's request answered from the signed-out copy; false to let the route answer. */
    async function personalised(
      request: FastifyRequest,
      reply: FastifyReply,
      personalise: Personalise,
      authorization: string,
    ): Promise<boolean> {
      const token = BEARER.exec(authorization)?.[1];
      if (!token) return false;
      let viewer: AuthUser;
      try {
        viewer = await app.auth.verifyAccess(token);
      } catch (error) {
        // The route's own guard answers the same 401.
        if (error instanceof AppError) return false;
        throw error;
      }
      // Staff lists may show what members' do not (hidden posts): they take the route.
      if (viewer.isStaff) return false;
      let copy: Copy | undefined;
      try {
        copy = await signedOutCopy(request.url);
      } catch (error) {
        request.log.warn({ err: error }, 'anonymous cache: no signed-out copy, answering afresh');
        return false;
      }
      if (!copy) return false;
      copy.parsed ??= JSON.parse(copy.payload);
      const payload = await personalise(viewer, { payload: copy.payload, answer: copy.parsed });
      reply
        .header('content-type', copy.contentType)
        .header('x-cache', 'PERSONALISED')
        .send(payload);
      return true;
    }

    if (options.ttlMs > 0) {
      app.addHook('onRequest', async (request, reply) => {
        const marked = request.routeOptions.config.anonymousCache;
        if (request.method !== 'GET' || !marked) return;
        const { authorization } = request.headers;
        if (authorization !== undefined) {
          if (
            typeof marked === 'object' &&
            (await personalised(request, reply, marked.personalise, authorization))
          ) {
            return reply;
          }
          return;
        }
        let version: number;
        try {
          version = await app.bus.version(options.scope);
        } catch (error) {
          request.log.warn({ err: error }, 'anonymous cache: version unknown, answering afresh');
          return;
        }
        const key = `${version} ${request.url}`;
        const held = fresh(copies.get(key));
        if (held) return send(reply, held);
        const other = computing.get(key);
        if (other) {
          const computed = fresh(await other);
          if (computed) return send(reply, computed);
          return;
        }
        let settle: (copy: Copy | undefined) => void = () => {};
        const computed = new Promise<Copy | undefined>((resolve) => {
          settle = resolve;
        });
        computing.set(key, computed);
        pending.set(request, {
          key,
          settle(copy) {
            if (computing.get(key) === computed) computing.delete(key);
            settle(copy);
          },
        });
        reply.header('x-cache', 'MISS');
      });
    }

    app.addHook('onSend', async (request, reply, payload) => {
      const waiting = pending.get(request);
      if (waiting) {
        pending.delete(request);
        const contentType = reply.getHeader('content-type');
        const copyable =
          reply.statusCode === 200 &&
          typeof payload === 'string' &&
          payload.length <= MAX_COPY_BYTES &&
          typeof contentType === 'string' &&
          reply.getHeader('set-cookie') === undefined;
        const copy = copyable ? { payload, contentType, copiedAt: now() } : undefined;
        if (copy) {
          copies.delete(waiting.key);
          copies.set(waiting.key, copy);
          if (copies.size > MAX_COPIES) {
            const [oldest] = copies.keys();
            if (oldest !== undefined) copies.delete(oldest);
          }
        }
        waiting.settle(copy);
        return payload;
      }
      if (
        READS.has(request.method) ||
        reply.statusCode >= 400 ||
        PRIVATE_WRITES.some((prefix) => request.url.startsWith(prefix))
      ) {
        return payload;
      }
      try {
        await app.bus.advance(options.scope);
      } catch (error) {
        // The write stands; copies on other instances age out within ttlMs.
        copies.clear();
        request.log.error({ err: error }, 'anonymous cache: could not advance the version');
      }
      return payload;
    });

    // An answer that never got to onSend (the client left) must not keep others waiting.
    const release = async (request: FastifyRequest) => {
      const waiting = pending.get(request);
      if (!waiting) return;
      pending.delete(request);
      waiting.settle(undefined);
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  },
);
