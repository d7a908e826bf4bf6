import type { Comment, CreateDiscussion, Discussion, StaffRole } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { JsonValue } from '../src/platform/bus';
import { bearer, signUp, type Member } from './accounts';
import type { TestApp } from './build-app';

/**
 * Forum helpers for tests: requests as a member (or signed out), content made through the API,
 * and row counts to check that nothing else was written.
 *
 *   const ada = await signUp(t, 'ada');
 *   const discussion = await postDiscussion(t, ada, { tags: ['intro'] });
 *   const response = await as(t, ada).post('/api/forums/like/', { model: 'forum', id: discussion.id });
 */

type Body = Record<string, unknown>;

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Body): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Body): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Body): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** Requests as `member`, or signed out when it is null. */
export function as(t: TestApp, member: Member | null): Client {
  const headers = member ? bearer(member.access) : {};
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body) =>
    t.app.inject({ method, url, headers, payload });
  return {
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload ?? {}),
    put: (url, payload) => send('PUT', url, payload ?? {}),
    patch: (url, payload) => send('PATCH', url, payload ?? {}),
    delete: (url) => send('DELETE', url),
  };
}

let titles = 0;

export async function postDiscussion(
  t: TestApp,
  member: Member,
  fields: Partial<CreateDiscussion> = {},
): Promise<Discussion> {
  titles += 1;
  const response = await as(t, member).post('/api/forums/forums/', {
    title: `Discussion number ${titles}`,
    content: 'Some **Markdown** text.',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Discussion>();
}

export async function postComment(
  t: TestApp,
  member: Member,
  forum: number,
  content = 'A comment.',
): Promise<Comment> {
  const response = await as(t, member).post('/api/forums/forums-comment/', { forum, content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

export async function postReply(
  t: TestApp,
  member: Member,
  comment: number,
  content = 'A reply.',
): Promise<Comment> {
  const response = await as(t, member).post('/api/forums/forums-sub-comment/', {
    comment,
    content,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

/** Rows of a table (optionally matching a condition), to assert that nothing was written. */
export async function countRows(t: TestApp, table: string, where = sql`true`): Promise<number> {
  const { rows } = await t.db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(table)} where ${where}`,
  );
  return rows[0]?.count ?? 0;
}

/** Row counts of every forum table, to compare before and after a refused request. */
export async function forumRowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'discussions',
    'tags',
    'discussion_tags',
    'comments',
    'likes',
    'bookmarks',
    'polls',
    'poll_choices',
    'poll_ballots',
    'poll_votes',
    'discussion_views',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(t, table);
  return counts;
}

/** Members made through the real sign-up, named `${prefix}1` … `${prefix}n`. */
export async function signUpMany(t: TestApp, prefix: string, n: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let index = 1; index <= n; index += 1) members.push(await signUp(t, `${prefix}${index}`));
  return members;
}

/** Gives the member a staff role (a moderator unless said otherwise). */
export async function makeStaff(
  t: TestApp,
  member: Member,
  role: StaffRole = 'moderator',
): Promise<void> {
  await t.db.execute(sql`update users set role = ${role} where id = ${member.user.id}`);
}

/** Every event published on `topic` from now on, in order. */
export async function recordEvents(t: TestApp, topic: string): Promise<JsonValue[]> {
  const events: JsonValue[] = [];
  await t.app.bus.subscribe(topic, (payload) => {
    events.push(payload);
  });
  return events;
}
