import { z } from 'zod';
import type { NewJob } from '../../platform/jobs';

/**
 * Speech for a discussion, made in the background on the durable job queue: enqueued with the
 * pending row it fills, so a crash or a stop mid-synthesis leaves it for the next start.
 */
export const SPEECH_JOB = 'forums.audio.speech';

export const ZSpeechJob = z.object({
  discussionId: z.number().int(),
  /** The title and text the speech is for: a later edit makes the request stale. */
  contentHash: z.string(),
  /** The pending row's `updated_at` (ms): a newer request or a recording replaced it. */
  requestedAt: z.number().int(),
});
export type SpeechJob = z.infer<typeof ZSpeechJob>;

export const speechJob = (job: SpeechJob): NewJob => ({
  name: SPEECH_JOB,
  key: `${SPEECH_JOB}:${job.discussionId}:${job.requestedAt}`,
  payload: job,
});
