import type { Discussion, DiscussionAudio } from '@agora/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import {
  audioRow,
  generateUrl,
  getAudio,
  hasAudioColumn,
  looksLikeMp3,
  settledAudio,
  storedBytes,
} from '../../../test/audio';
import type { TestApp } from '../../../test/build-app';
import { createTestApp } from '../../../test/build-app';
import { as, postDiscussion } from '../../../test/forums';
import { captureLogs } from '../../../test/log-capture';
import { jobs } from '../../platform/jobs';
import { speechQueueStats } from '../../platform/speech';
import { SPEECH_JOB } from './audio.jobs';

const PENDING: DiscussionAudio = {
  status: 'pending',
  audioUrl: null,
  durationSeconds: null,
  source: 'synthesised',
};

describe('POST generate_audiourl/ with an empty body: speech from the text', () => {
  const logs = captureLogs();
  let t: TestApp;
  let ada: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp({ logStream: logs.stream });
    ada = await signUp(t, 'ada');
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** A short text, so each synthesis takes a fraction of a second. */
  const post = () => postDiscussion(t, ada, { title: 'Hello', content: 'Read **me** aloud.' });

  it('answers 202 at once, then the audio is ready: an MP3 in storage with a duration', async () => {
    const discussion = await post();
    const speak = vi.spyOn(t.app.speech, 'synthesisePost');
    // A second request while the first is pending joins the same job.
    const responses = await Promise.all([
      as(t, ada).post(generateUrl(discussion.id)),
      as(t, ada).post(generateUrl(discussion.id), {}),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual(PENDING);
    }
    expect(await audioRow(t, discussion.id)).toMatchObject({
      status: 'pending',
      storage_key: null,
    });

    const audio = await settledAudio(t, ada, discussion.id);
    expect(speak).toHaveBeenCalledTimes(1);
    expect(speak).toHaveBeenCalledWith(
      { title: 'Hello', content: 'Read **me** aloud.' },
      { signal: expect.any(AbortSignal) },
    );
    expect(audio).toEqual({
      status: 'ready',
      audioUrl: expect.stringMatching(
        new RegExp(`^${t.config.publicUrl}/media/audio/[0-9a-f]{2}/[0-9a-f]{64}\\.mp3$`),
      ),
      durationSeconds: expect.any(Number),
      source: 'synthesised',
    });
    expect(audio.durationSeconds).toBeGreaterThan(0.5);
    const mp3 = await storedBytes(t, audio.audioUrl ?? '');
    expect(mp3 && looksLikeMp3(mp3)).toBe(true);
    expect(await audioRow(t, discussion.id)).toMatchObject({
      status: 'ready',
      source: 'synthesised',
    });
    expect(await hasAudioColumn(t, discussion.id)).toBe(true);
    const detail = await as(t, null).get(`/api/forums/forums/${discussion.id}/`);
    expect(detail.json<Discussion>().hasAudio).toBe(true);

    // Cached while the words are unchanged; a change of tags leaves them as they were.
    const again = await as(t, ada).post(generateUrl(discussion.id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(audio);
    await as(t, ada).patch(`/api/forums/forums/${discussion.id}/`, { tags: ['audio'] });
    expect((await as(t, ada).post(generateUrl(discussion.id))).json()).toEqual(audio);
    expect(speak).toHaveBeenCalledTimes(1);
  });

  it('counts speech of an older text as none, and makes new speech on request', async () => {
    // Text of its own: speech of the same words is one object, shared with the other tests.
    const discussion = await postDiscussion(t, ada, { title: 'Older', content: 'Old words.' });
    await as(t, ada).post(generateUrl(discussion.id));
    const old = await settledAudio(t, ada, discussion.id);

    const edit = await as(t, ada).patch(`/api/forums/forums/${discussion.id}/`, {
      content: 'New words to read.',
    });
    expect(edit.json<Discussion>().hasAudio).toBe(false);
    expect(await hasAudioColumn(t, discussion.id)).toBe(false);
    expect(await getAudio(t, null, discussion.id)).toEqual({
      status: 'none',
      audioUrl: null,
      durationSeconds: null,
      source: null,
    });

    const response = await as(t, ada).post(generateUrl(discussion.id));
    expect(response.statusCode).toBe(202);
    const fresh = await settledAudio(t, ada, discussion.id);
    expect(fresh.status).toBe('ready');
    expect(fresh.audioUrl).not.toBe(old.audioUrl);
    // The job turns the row ready first and removes the replaced file just after.
    await vi.waitFor(async () => expect(await storedBytes(t, old.audioUrl ?? '')).toBeNull());
    expect(await hasAudioColumn(t, discussion.id)).toBe(true);
  });

  it('marks a synthesis that fails as failed, logs it, and lets the author try again', async () => {
    const discussion = await post();
    vi.spyOn(t.app.speech, 'synthesisePost').mockRejectedValueOnce(new Error('The engine broke.'));
    expect((await as(t, ada).post(generateUrl(discussion.id))).statusCode).toBe(202);
    expect(await settledAudio(t, ada, discussion.id)).toEqual({ ...PENDING, status: 'failed' });
    expect(await audioRow(t, discussion.id)).toMatchObject({ status: 'failed', storage_key: null });
    expect(await hasAudioColumn(t, discussion.id)).toBe(false);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'the audio version was not made',
        discussionId: discussion.id,
        err: expect.objectContaining({ message: 'The engine broke.' }),
      }),
    );

    const retry = await as(t, ada).post(generateUrl(discussion.id));
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(PENDING);
    expect((await settledAudio(t, ada, discussion.id)).status).toBe('ready');
  });
});

describe('stopping the server while speech is being made', () => {
  it('gives the synthesis up and keeps the job, pending, for the next start', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ logStream: logs.stream });
    const ada = await signUp(t, 'ada');
    const discussion = await postDiscussion(t, ada, {
      title: 'A longer text',
      content: 'This sentence is read aloud, again and again. '.repeat(40),
    });
    expect((await as(t, ada).post(generateUrl(discussion.id))).statusCode).toBe(202);
    await vi.waitFor(() => expect(speechQueueStats().running).toBe(1), { timeout: 10_000 });
    await t.app.jobs.stop(10_000);

    expect(speechQueueStats()).toMatchObject({ running: 0, waiting: 0 });
    expect(await audioRow(t, discussion.id)).toMatchObject({ status: 'pending' });
    expect(await t.db.select().from(jobs)).toMatchObject([
      { name: SPEECH_JOB, attempts: 0, lockedUntil: null, failedAt: null },
    ]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'the audio version is left for the next start',
        discussionId: discussion.id,
      }),
    );
    expect(logs.lines.some((entry) => entry.msg === 'the audio version was not made')).toBe(false);
    await t.close();
  });
});
