import type { ContentModel } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, type Member } from './accounts';
import type { TestApp } from './build-app';
import { countRows } from './forums';

/**
 * Content helpers for tests: requests as a member (or signed out), and the rows the generic
 * modules keep about one object, to check what is written and what is left after a delete.
 *
 *   const response = await send(t, ada, { method: 'PUT', url: `/api/forums/comments/${id}/`,
 *     payload: { content: 'Edited.' } });
 *   expect(await marksOf(t, { model: 'comment', id })).toEqual({ likes: 0, bookmarks: 0 });
 */

export type Body = Record<string, unknown>;

/** One API call, as a fixture describes it. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Body;
}

/** Sends `request` as `member`, or signed out when it is null. */
export const send = (
  t: TestApp,
  member: Member | null,
  request: ApiRequest,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: request.method,
    url: request.url,
    headers: member ? bearer(member.access) : {},
    payload: request.payload,
  });

/** An object of some kind, named as the generic tables name it. */
export interface ObjectRef {
  model: ContentModel;
  id: number;
}

/** What the generic modules keep about one object. */
export interface Kept {
  likes: number;
  bookmarks: number;
  openReports: number;
  closedReports: number;
  notifications: number;
}

/**
 * The rows pointing at `object` in each generic table. Likes and bookmarks are kept under the
 * kind's `markModel` (replies' under 'comment'); reports and notifications under its model.
 */
export async function keptAbout(t: TestApp, object: ObjectRef): Promise<Kept> {
  const markModel = t.app.content.markModel(object.model);
  const marks = sql`model = ${markModel} and object_id = ${object.id}`;
  const about = sql`model = ${object.model} and object_id = ${object.id}`;
  return {
    likes: await countRows(t, 'likes', marks),
    bookmarks: await countRows(t, 'bookmarks', marks),
    openReports: await countRows(t, 'reports', sql`${about} and status = 'open'`),
    closedReports: await countRows(t, 'reports', sql`${about} and status <> 'open'`),
    notifications: await countRows(t, 'notifications', about),
  };
}

/** Nothing kept at all. */
export const NOTHING_KEPT: Kept = {
  likes: 0,
  bookmarks: 0,
  openReports: 0,
  closedReports: 0,
  notifications: 0,
};

/** The object's row in its kind's table (`likes_count` and `content` are read by the suite). */
export async function rowOf(
  t: TestApp,
  table: string,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await t.db.execute<Record<string, unknown>>(
    sql`select * from ${sql.identifier(table)} where id = ${id}`,
  );
  return rows[0];
}

/** Rows of the tables a refused write could touch, to compare before and after. */
export async function contentRowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'likes',
    'bookmarks',
    'reports',
    'comments',
    'discussions',
    'poll_posts',
    'quizzes',
    'albums',
  ]) {
    counts[table] = await countRows(t, table);
  }
  return counts;
}
