import { ZDiscussionAudio, ZGenerateAudio, ZIdParams } from '@agora/shared';
import { currentUser } from '../../platform/auth';
import { SPEECH_JOB, ZSpeechJob } from './audio.jobs';
import { generateAudio, getAudio, makeSpeech, type AudioContext } from './audio.service';
import type { ForumsContext } from './forums.context';
import type { ForumsApp } from './forums.routes';

/** The audio version of a discussion: a recording by its author, or synthesised speech. */
export function audioRoutes(app: ForumsApp, forums: ForumsContext): void {
  const ctx: AudioContext = { ...forums, speech: app.speech, jobs: app.jobs, log: app.log };
  // One at a time: the speech engine is serial, and notifications must not wait behind it.
  app.jobs.handle(SPEECH_JOB, (payload, run) => makeSpeech(ctx, ZSpeechJob.parse(payload), run), {
    concurrency: 1,
  });
  const tags = ['forums'];

  app.get(
    '/forums/:id/get_audio/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: "The discussion's audio version: none, pending, ready (with its URL) or failed.",
        params: ZIdParams,
        response: { 200: ZDiscussionAudio },
      },
    },
    async (request) => getAudio(ctx, request.user, request.params.id),
  );

  app.post(
    '/forums/:id/generate_audiourl/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Author only: attach your uploaded recording ({audio_id}), or with an empty body have the title and text read aloud (202 while it is made; 200 at once if the text has not changed since).',
        params: ZIdParams,
        body: ZGenerateAudio.optional(),
        response: { 200: ZDiscussionAudio, 202: ZDiscussionAudio },
      },
    },
    async (request, reply) => {
      const audio = await generateAudio(
        ctx,
        currentUser(request),
        request.params.id,
        request.body ?? {},
      );
      return reply.code(audio.status === 'pending' ? 202 : 200).send(audio);
    },
  );
}
