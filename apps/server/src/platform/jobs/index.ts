export {
  createJobQueue,
  exponentialBackoff,
  jobInsert,
  JobTakenError,
  type JobBatch,
  type JobBatchHandler,
  type HandlerOptions,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
  type JobRun,
  type NewJob,
} from './job-queue';
export { jobsPlugin } from './jobs.plugin';
export { jobs } from './jobs.tables';
