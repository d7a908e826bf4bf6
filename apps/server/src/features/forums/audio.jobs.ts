import type { FastifyBaseLogger } from 'fastify';

/** Work done after the response: making a discussion's audio version. */
export type AudioJob = (signal: AbortSignal) => Promise<void>;

/**
 * The audio jobs this process runs in the background, at most one per discussion. The app
 * aborts them and waits for them when it closes, so none outlives the database it writes to.
 */
export interface AudioJobs {
  /** Starts `job` for the discussion, aborting the one it replaces. */
  start(discussionId: number, job: AudioJob): void;
  /** Aborts the discussion's job, if it has one here. */
  cancel(discussionId: number, reason: string): void;
  /** Aborts every job and waits for all of them, replaced ones included, to settle. */
  close(): Promise<void>;
}

export function createAudioJobs(log: FastifyBaseLogger): AudioJobs {
  const controllers = new Map<number, AbortController>();
  const unsettled = new Set<Promise<void>>();
  const closing = new AbortController();

  const cancel = (discussionId: number, reason: string) => {
    controllers.get(discussionId)?.abort(new Error(reason));
  };

  return {
    start(discussionId, job) {
      cancel(discussionId, 'A newer audio job replaced this one.');
      const controller = new AbortController();
      controllers.set(discussionId, controller);
      const signal = AbortSignal.any([controller.signal, closing.signal]);
      const done: Promise<void> = Promise.resolve()
        .then(() => job(signal))
        .catch((error: unknown) => {
          // Jobs record their own failures; this is the last resort so nothing goes unhandled.
          log.error({ err: error, discussionId }, 'an audio job failed unexpectedly');
        })
        .finally(() => {
          unsettled.delete(done);
          if (controllers.get(discussionId) === controller) controllers.delete(discussionId);
        });
      unsettled.add(done);
    },
    cancel,
    async close() {
      closing.abort(new Error('The server is shutting down.'));
      while (unsettled.size > 0) await Promise.all([...unsettled]);
    },
  };
}
