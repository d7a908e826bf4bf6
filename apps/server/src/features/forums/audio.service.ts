import { isAudioMimeType, type DiscussionAudio, type GenerateAudio } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db';
import type { JobQueue, JobRun } from '../../platform/jobs';
import { AppError } from '../../platform/errors';
import { keep, release, retain, stage, sweep } from '../../platform/storage';
import type { Speech, SpeechAudio } from '../../platform/speech';
import { findOwnFile } from '../media';
import { contentHashOf, syncHasAudio } from './audio.freshness';
import { speechJob, type SpeechJob } from './audio.jobs';
import { presentAudio } from './audio.presenter';
import { canSee } from './discussions.service';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussionAudio, discussions, type DiscussionRow } from './forums.tables';

/** The forums context plus what making audio needs. */
export interface AudioContext extends ForumsContext {
  speech: Speech;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

type AudioPost = Pick<DiscussionRow, 'id' | 'authorId' | 'status' | 'title' | 'content'>;

const NOT_FOUND = 'This discussion does not exist or is not visible to you.';
const audioIdError = (message: string) => AppError.fields({ audio_id: [message] });

async function findPost(db: Database, id: number, lock = false): Promise<AudioPost | undefined> {
  const query = db
    .select({
      id: discussions.id,
      authorId: discussions.authorId,
      status: discussions.status,
      title: discussions.title,
      content: discussions.content,
    })
    .from(discussions)
    .where(eq(discussions.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The discussion if the viewer may change its audio: 404 when invisible, 403 when not theirs. */
async function findOwnPost(db: Database, viewer: Viewer, id: number, lock = false) {
  const post = await findPost(db, id, lock);
  if (!post || !canSee(post, viewer)) throw new AppError('not_found', NOT_FOUND);
  if (post.authorId !== viewer.id) {
    throw new AppError('forbidden', 'Only the author can add an audio version.');
  }
  if (post.status !== 'draft' && post.status !== 'published') {
    throw new AppError('forbidden', `This discussion is ${post.status}; its audio cannot change.`);
  }
  return post;
}

async function findAudio(db: Database, discussionId: number, lock = false) {
  const query = db
    .select()
    .from(discussionAudio)
    .where(eq(discussionAudio.discussionId, discussionId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** A discussion's audio version, for anyone who can see the discussion. */
export async function getAudio(
  ctx: AudioContext,
  viewer: Viewer | null,
  id: number,
): Promise<DiscussionAudio> {
  const post = await findPost(ctx.db, id);
  if (!post || !canSee(post, viewer)) throw new AppError('not_found', NOT_FOUND);
  return presentAudio(await findAudio(ctx.db, id), contentHashOf(post), ctx);
}

/**
 * The author attaches one of their uploaded audio files (`audio_id`) or, without one, asks for
 * speech synthesised from the title and text (pending until a background job has made it).
 */
export async function generateAudio(
  ctx: AudioContext,
  viewer: Viewer,
  id: number,
  input: GenerateAudio,
): Promise<DiscussionAudio> {
  await findOwnPost(ctx.db, viewer, id);
  return input.audio_id === undefined
    ? requestSpeech(ctx, viewer, id)
    : attachRecording(ctx, viewer, id, input.audio_id);
}

/**
 * Points the discussion at the member's audio file: one more reference to the same object, so
 * deleting the upload leaves it playing.
 */
async function attachRecording(
  ctx: AudioContext,
  viewer: Viewer,
  id: number,
  fileId: number,
): Promise<DiscussionAudio> {
  const file = await findOwnFile(ctx.db, viewer.id, fileId);
  if (!file) throw audioIdError('Choose one of your own uploaded audio files.');
  if (!isAudioMimeType(file.mimeType)) {
    throw audioIdError('This file is not audio; choose a recording.');
  }
  const { storageKey } = file;
  const replaced = await ctx.db.transaction(async (tx) => {
    await findOwnPost(tx, viewer, id, true);
    const previous = await findAudio(tx, id, true);
    // A first reference here means the upload was deleted meanwhile and its bytes are going.
    if (await retain(tx, storageKey)) {
      throw audioIdError('This file is no longer stored; upload it again.');
    }
    const now = ctx.now();
    const values = {
      status: 'ready' as const,
      source: 'recorded' as const,
      storageKey,
      durationSeconds: null,
      contentHash: null,
      updatedAt: now,
    };
    await tx
      .insert(discussionAudio)
      .values({ discussionId: id, createdAt: now, ...values })
      .onConflictDoUpdate({ target: discussionAudio.discussionId, set: values });
    await tx.update(discussions).set({ hasAudio: true }).where(eq(discussions.id, id));
    if (previous?.storageKey) await release(tx, previous.storageKey);
    return previous?.storageKey ?? null;
  });
  if (replaced) await sweep(ctx.db, ctx.storage, replaced);
  return getAudio(ctx, viewer, id);
}

/**
 * Answers at once: with the cached speech when the text has not changed since it was made,
 * with the pending state when a job for this text waits or runs, else after enqueueing one.
 */
async function requestSpeech(
  ctx: AudioContext,
  viewer: Viewer,
  id: number,
): Promise<DiscussionAudio> {
  const { audio, enqueued } = await ctx.db.transaction(async (tx) => {
    const post = await findOwnPost(tx, viewer, id, true);
    const contentHash = contentHashOf(post);
    const current = await findAudio(tx, id, true);
    const shown = presentAudio(current, contentHash, ctx);
    if (current?.source === 'synthesised' && shown.status !== 'none' && shown.status !== 'failed') {
      return { audio: shown, enqueued: false };
    }
    const now = ctx.now();
    // The previous file stays referenced until the new one replaces it, then is removed.
    const values = {
      status: 'pending' as const,
      source: 'synthesised' as const,
      durationSeconds: null,
      contentHash,
      updatedAt: now,
    };
    const [pending] = await tx
      .insert(discussionAudio)
      .values({ discussionId: id, createdAt: now, ...values })
      .onConflictDoUpdate({ target: discussionAudio.discussionId, set: values })
      .returning();
    await tx.update(discussions).set({ hasAudio: false }).where(eq(discussions.id, id));
    const job = { discussionId: id, contentHash, requestedAt: now.getTime() };
    await ctx.jobs.enqueue(tx, [speechJob(job)]);
    return { audio: presentAudio(pending, contentHash, ctx), enqueued: true };
  });
  if (enqueued) ctx.jobs.nudge();
  return audio;
}

/**
 * The background half: speech to MP3 in storage, then the row turns ready (or failed when the
 * engine cannot read the text). A stop mid-synthesis hands the job back for the next start; a
 * database error after it is retried by the queue.
 */
export async function makeSpeech(ctx: AudioContext, job: SpeechJob, run: JobRun): Promise<void> {
  const ours = and(
    eq(discussionAudio.discussionId, job.discussionId),
    eq(discussionAudio.status, 'pending'),
    eq(discussionAudio.source, 'synthesised'),
    eq(discussionAudio.contentHash, job.contentHash),
    eq(discussionAudio.updatedAt, new Date(job.requestedAt)),
  );
  const post = await findPost(ctx.db, job.discussionId);
  const [request] = await ctx.db
    .select({ discussionId: discussionAudio.discussionId })
    .from(discussionAudio)
    .where(ours);
  // A recording or a newer request took its place, the text changed, or the discussion is gone.
  if (!post || !request || contentHashOf(post) !== job.contentHash) return;

  let speech: SpeechAudio;
  try {
    speech = await ctx.speech.synthesisePost(
      { title: post.title, content: post.content },
      { signal: run.signal },
    );
  } catch (error) {
    if (run.signal.aborted) {
      ctx.log.warn({ discussionId: post.id }, 'the audio version is left for the next start');
      throw error;
    }
    ctx.log.error({ err: error, discussionId: post.id }, 'the audio version was not made');
    await ctx.db.transaction(async (tx) => {
      await tx.update(discussionAudio).set({ status: 'failed', updatedAt: ctx.now() }).where(ours);
      await run.completeIn(tx);
    });
    return;
  }

  const staged = await stage(
    ctx.storage,
    speech.mp3,
    { folder: 'audio', extension: 'mp3' },
    { contentType: 'audio/mpeg' },
  );
  let outcome: { kept: boolean; replaced: string | null };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      await run.completeIn(tx);
      const [row] = await tx.select().from(discussionAudio).where(ours).for('update');
      if (!row) return { kept: false, replaced: null };
      await keep(tx, ctx.storage, staged);
      await tx
        .update(discussionAudio)
        .set({
          status: 'ready',
          storageKey: staged.key,
          durationSeconds: speech.durationSeconds,
          updatedAt: ctx.now(),
        })
        .where(eq(discussionAudio.discussionId, post.id));
      await syncHasAudio(tx, post.id);
      if (row.storageKey) await release(tx, row.storageKey);
      return { kept: true, replaced: row.storageKey };
    });
  } catch (error) {
    await ctx.storage.delete(staged.stagingKey);
    throw error;
  }
  if (!outcome.kept) await ctx.storage.delete(staged.stagingKey);
  if (outcome.replaced) await sweep(ctx.db, ctx.storage, outcome.replaced);
}
