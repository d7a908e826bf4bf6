export { createDiskStorage } from './disk-storage';
export type { S3Checksums, S3Settings } from './s3-storage';
export { createStorage, storagePlugin, type StorageOptions } from './storage.plugin';
export { isShownInPlace, type PutOptions, type Storage } from './storage';
export {
  contentKey,
  keep,
  release,
  retain,
  stage,
  stagedAt,
  sweep,
  type StagedObject,
} from './stored-objects';
export { storedObjects } from './storage.tables';
export { STORAGE_SWEEP_JOB, sweepStorage, type SweepReport } from './storage-sweep';
