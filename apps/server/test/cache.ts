import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { bearer, createAccountsTestApp, type Member, type TestClock } from './accounts';
import type { TestApp } from './build-app';
import { as } from './forums';

/**
 * An app with the anonymous cache on (copies live 2 s of the test clock, which only moves when a
 * test moves it) beside the same database without it, to compare a cached answer with what the
 * route itself answers:
 *
 *   const c = await createCachedTestApp();
 *   const answered = await c.read(bob, url); // { body, text, cache: 'HIT' | 'PERSONALISED' | … }
 *   expect(answered.body).toEqual(await c.direct(bob, url));
 */
export interface CachedTestApp {
  t: TestApp & { clock: TestClock };
  /** A GET through the cache as `member` (null: signed out), expecting a 200. */
  read(
    member: Member | null,
    url: string,
  ): Promise<{ body: unknown; text: string; cache: string | undefined }>;
  /** The same GET answered by the route without the cache. */
  direct(member: Member | null, url: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function createCachedTestApp(): Promise<CachedTestApp> {
  const t = await createAccountsTestApp({ config: { anonymousCacheMs: 2000 } });
  const plain: FastifyInstance = buildApp(
    { ...t.config, anonymousCacheMs: 0 },
    { database: { db: t.db, migrate: async () => {}, close: async () => {} } },
  );
  await plain.ready();
  return {
    t,
    async read(member, url) {
      const response = await as(t, member).get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return {
        body: response.json<unknown>(),
        text: response.body,
        cache: response.headers['x-cache']?.toString(),
      };
    },
    async direct(member, url) {
      const response = await plain.inject({
        method: 'GET',
        url,
        headers: member ? bearer(member.access) : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<unknown>();
    },
    async close() {
      await plain.close();
      await t.close();
    },
  };
}
