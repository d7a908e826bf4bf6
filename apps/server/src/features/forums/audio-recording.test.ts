import type { Discussion, DiscussionAudio } from '@agora/shared';
import type { SpeechAudio } from '../../platform/speech';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import {
  audioRow,
  audioUrl,
  generateUrl,
  getAudio,
  hasAudioColumn,
  storedBytes,
} from '../../../test/audio';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, postDiscussion } from '../../../test/forums';
import { sampleFiles, uploadFile } from '../../../test/media';
import { references, storedKeys } from '../../../test/storage';

const NONE: DiscussionAudio = {
  status: 'none',
  audioUrl: null,
  durationSeconds: null,
  source: null,
};

let t: TestApp;
let ada: Member;
let bob: Member;
beforeAll(async () => {
  t = await createAccountsTestApp();
  ada = await signUp(t, 'ada');
  bob = await signUp(t, 'bob');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const setStatus = (id: number, status: string) =>
  t.db.execute(sql`update discussions set status = ${status} where id = ${id}`);

describe('POST generate_audiourl/ with {audio_id}: the author’s recording', () => {
  it('attaches the author’s audio file, ready at once, and keeps it when the upload is deleted', async () => {
    const discussion = await postDiscussion(t, ada);
    const wav = sampleFiles.wav(801);
    const file = await uploadFile(t, ada, wav);

    const response = await as(t, ada).post(generateUrl(discussion.id), { audio_id: file.id });
    expect(response.statusCode, response.body).toBe(200);
    const audio = response.json<DiscussionAudio>();
    // The same object as the upload, not a copy: one more reference to it.
    expect(audio).toEqual({
      status: 'ready',
      audioUrl: file.url,
      durationSeconds: null,
      source: 'recorded',
    });
    expect(await references(t, file.url)).toBe(2);
    expect(await getAudio(t, bob, discussion.id)).toEqual(audio);
    expect((await storedBytes(t, audio.audioUrl ?? ''))?.equals(wav)).toBe(true);
    expect(await audioRow(t, discussion.id)).toMatchObject({ status: 'ready', source: 'recorded' });
    expect(await hasAudioColumn(t, discussion.id)).toBe(true);

    // Deleting the upload leaves the discussion's audio playing.
    expect((await as(t, ada).delete(`/api/common/files/${file.id}/`)).statusCode).toBe(204);
    expect((await storedBytes(t, audio.audioUrl ?? ''))?.equals(wav)).toBe(true);
    expect(await references(t, file.url)).toBe(1);

    // A recording is the author's own reading: editing the text keeps it.
    await as(t, ada).patch(`/api/forums/forums/${discussion.id}/`, { content: 'Changed.' });
    expect(await getAudio(t, ada, discussion.id)).toEqual(audio);
    expect(await hasAudioColumn(t, discussion.id)).toBe(true);
  });

  it('replaces the previous audio, whose bytes go with their last reference, and so does deleting the discussion', async () => {
    const discussion = await postDiscussion(t, ada);
    const first = await uploadFile(t, ada, sampleFiles.wav(802));
    const second = await uploadFile(t, ada, sampleFiles.wav(803));
    const before = (
      await as(t, ada).post(generateUrl(discussion.id), { audio_id: first.id })
    ).json<DiscussionAudio>();
    const after = (
      await as(t, ada).post(generateUrl(discussion.id), { audio_id: second.id })
    ).json<DiscussionAudio>();
    expect(after.audioUrl).toBe(second.url);
    expect(await references(t, first.url)).toBe(1);
    expect((await as(t, ada).delete(`/api/common/files/${first.id}/`)).statusCode).toBe(204);
    expect(await storedBytes(t, before.audioUrl ?? '')).toBeNull();
    expect(await references(t, first.url)).toBeUndefined();

    expect((await as(t, ada).delete(`/api/forums/forums/${discussion.id}/`)).statusCode).toBe(204);
    expect(await countRows(t, 'discussion_audio', sql`discussion_id = ${discussion.id}`)).toBe(0);
    expect(await references(t, second.url)).toBe(1);
    expect((await as(t, ada).delete(`/api/common/files/${second.id}/`)).statusCode).toBe(204);
    expect(await storedBytes(t, after.audioUrl ?? '')).toBeNull();
    expect(await references(t, second.url)).toBeUndefined();
  });

  it('takes only the author’s own audio files, naming audio_id, and changes nothing', async () => {
    const discussion = await postDiscussion(t, ada);
    const bobs = await uploadFile(t, bob, sampleFiles.wav());
    const pdf = await uploadFile(t, ada, sampleFiles.pdf(), 'agenda.pdf 2026-03-01 10:00:00');
    const cases = [
      [{ audio_id: bobs.id }, 'Choose one of your own uploaded audio files.'],
      [{ audio_id: 999_999 }, 'Choose one of your own uploaded audio files.'],
      [{ audio_id: pdf.id }, 'This file is not audio; choose a recording.'],
      [{ audio_id: 'abc' }, 'Send the id as a number.'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await as(t, ada).post(generateUrl(discussion.id), body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ audio_id: [message] });
    }
    expect(await audioRow(t, discussion.id)).toBeUndefined();
    expect(await getAudio(t, ada, discussion.id)).toEqual(NONE);
    expect(await countRows(t, 'files')).toBeGreaterThanOrEqual(2);
  });
});

describe('who may see and change the audio', () => {
  it('lets only the author change it: others get 403, signed-out visitors 401', async () => {
    const discussion = await postDiscussion(t, ada);
    const bobs = await uploadFile(t, bob, sampleFiles.wav());
    const speak = vi.spyOn(t.app.speech, 'synthesisePost');
    for (const body of [{}, { audio_id: bobs.id }]) {
      const response = await as(t, bob).post(generateUrl(discussion.id), body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Only the author can add an audio version.' });
      expect((await as(t, null).post(generateUrl(discussion.id), body)).statusCode).toBe(401);
    }
    expect(speak).not.toHaveBeenCalled();
    expect(await audioRow(t, discussion.id)).toBeUndefined();
    expect(await hasAudioColumn(t, discussion.id)).toBe(false);
  });

  it('shows the audio to anyone who can see the discussion, signed out too', async () => {
    const discussion = await postDiscussion(t, ada);
    const file = await uploadFile(t, ada, sampleFiles.ogg());
    await as(t, ada).post(generateUrl(discussion.id), { audio_id: file.id });
    const shown = await getAudio(t, null, discussion.id);
    expect(shown).toMatchObject({ status: 'ready', source: 'recorded' });

    await setStatus(discussion.id, 'archived');
    expect(await getAudio(t, null, discussion.id)).toEqual(shown);
    const archived = await as(t, ada).post(generateUrl(discussion.id), { audio_id: file.id });
    expect(archived.statusCode).toBe(403);
    expect(archived.json()).toEqual({
      detail: 'This discussion is archived; its audio cannot change.',
    });

    await setStatus(discussion.id, 'hidden');
    expect((await as(t, bob).get(audioUrl(discussion.id))).statusCode).toBe(404);
    expect((await as(t, null).get(audioUrl(discussion.id))).statusCode).toBe(404);
    expect(await getAudio(t, ada, discussion.id)).toEqual(shown);
  });

  it('keeps a draft’s audio to its author, and answers 404 for unknown discussions', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft', title: 'Draft', content: 'Hi.' });
    const file = await uploadFile(t, ada, sampleFiles.mp4());
    const attached = await as(t, ada).post(generateUrl(draft.id), { audio_id: file.id });
    expect(attached.statusCode).toBe(200);
    expect(attached.json<DiscussionAudio>().audioUrl).toMatch(/\.m4a$/);

    for (const url of [audioUrl(draft.id), audioUrl(999_999)]) {
      const response = await as(t, bob).get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: 'This discussion does not exist or is not visible to you.',
      });
    }
    const generate = await as(t, bob).post(generateUrl(draft.id));
    expect(generate.statusCode).toBe(404);
    expect((await as(t, ada).post(generateUrl(999_999))).statusCode).toBe(404);
    expect(await audioRow(t, draft.id)).toMatchObject({ source: 'recorded' });
    const bad = await as(t, ada).get('/api/forums/forums/abc/get_audio/');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['id']);
  });

  it('answers none for a discussion without audio', async () => {
    const discussion = await postDiscussion(t, ada);
    expect(await getAudio(t, null, discussion.id)).toEqual(NONE);
    const detail = await as(t, null).get(`/api/forums/forums/${discussion.id}/`);
    expect(detail.json<Discussion>().hasAudio).toBe(false);
  });

  it('puts a recording in place of pending speech, whose job then changes nothing', async () => {
    const discussion = await postDiscussion(t, ada);
    let finish: (audio: SpeechAudio) => void = () => undefined;
    const speak = vi
      .spyOn(t.app.speech, 'synthesisePost')
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const removed = vi.spyOn(t.app.storage, 'delete');
    expect((await as(t, ada).post(generateUrl(discussion.id))).statusCode).toBe(202);
    // The job is making the speech when the recording comes.
    await vi.waitFor(() => expect(speak).toHaveBeenCalled());
    const file = await uploadFile(t, ada, sampleFiles.wav());
    const recorded = await as(t, ada).post(generateUrl(discussion.id), { audio_id: file.id });
    expect(recorded.json<DiscussionAudio>()).toMatchObject({ status: 'ready', source: 'recorded' });

    // The speech arrives late: the job stages it, finds its request gone and removes it again.
    finish({ mp3: sampleFiles.mp3(), durationSeconds: 1 });
    await vi.waitFor(() =>
      expect(removed).toHaveBeenCalledWith(expect.stringMatching(/^staging\/[\w-]+$/)),
    );
    expect(await storedKeys(t, 'staging/')).toEqual([]);
    expect(await getAudio(t, ada, discussion.id)).toEqual(recorded.json());
    expect(await audioRow(t, discussion.id)).toMatchObject({ source: 'recorded', status: 'ready' });
  });
});
