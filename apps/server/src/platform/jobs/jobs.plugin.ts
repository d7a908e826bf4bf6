import { appWide } from '../plugin';
import { createJobQueue, type JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  /** Only this process opens the database (the embedded one). */
  soleWorker: boolean;
  /** How long a clean stop waits for running jobs before handing them back. */
  stopGraceMs: number;
  /** How long a claim holds a job before another worker may take it. */
  leaseMs: number;
}

/**
 * The background job queue: features declare their handlers while they register; the worker
 * starts once the app is ready and stops, before the database closes, when the app closes.
 */
export const jobsPlugin = appWide<JobsPluginOptions>('agora-jobs', async (app, options) => {
  const queue = createJobQueue({
    db: app.db,
    log: app.log,
    soleWorker: options.soleWorker,
    leaseMs: options.leaseMs,
    // Notifications of a burst of votes or likes run 20 to a batch instead of 4 or 5.
    gatherMs: 20,
  });
  app.decorate('jobs', queue);
  app.addHook('onReady', () => queue.start());
  app.addHook('preClose', () => queue.stop(options.stopGraceMs));
});
