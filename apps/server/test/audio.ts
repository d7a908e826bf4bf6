import type { DiscussionAudio, DiscussionAudioStatus } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Member } from './accounts';
import type { TestApp } from './build-app';
import { as } from './forums';
import { storedBytesOf } from './storage';

/** Audio helpers for tests: the two endpoints, waiting for a background job, reading the rows. */

export const audioUrl = (id: number) => `/api/forums/forums/${id}/get_audio/`;
export const generateUrl = (id: number) => `/api/forums/forums/${id}/generate_audiourl/`;

export async function getAudio(
  t: TestApp,
  member: Member | null,
  id: number,
): Promise<DiscussionAudio> {
  const response = await as(t, member).get(audioUrl(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiscussionAudio>();
}

/** Polls `get_audio` as a client would until the status is no longer pending. */
export async function settledAudio(
  t: TestApp,
  member: Member,
  id: number,
  timeoutMs = 30_000,
): Promise<DiscussionAudio> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const audio = await getAudio(t, member, id);
    if (audio.status !== 'pending') return audio;
    if (Date.now() > deadline) throw new Error(`The audio of ${id} is still pending.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type AudioRow = {
  status: Exclude<DiscussionAudioStatus, 'none'>;
  source: string;
  storage_key: string | null;
  content_hash: string | null;
};

export async function audioRow(t: TestApp, id: number): Promise<AudioRow | undefined> {
  const { rows } = await t.db.execute<AudioRow>(
    sql`select status, source, storage_key, content_hash from discussion_audio where discussion_id = ${id}`,
  );
  return rows[0];
}

export async function hasAudioColumn(t: TestApp, id: number): Promise<boolean | undefined> {
  const { rows } = await t.db.execute<{ has_audio: boolean }>(
    sql`select has_audio from discussions where id = ${id}`,
  );
  return rows[0]?.has_audio;
}

/** The stored bytes behind an audio URL (on disk or in the bucket), or null when there are none. */
export const storedBytes = storedBytesOf;

/** MP3: an ID3v2 tag or an MPEG audio frame header at the start. */
export function looksLikeMp3(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 3).toString('latin1') === 'ID3' ||
    (bytes[0] === 0xff && (bytes[1] ?? 0) >= 0xe0)
  );
}
