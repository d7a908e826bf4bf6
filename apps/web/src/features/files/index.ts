/**
 * Files: the member's uploads at /files (routed by app/router.tsx), and what other features use
 * of them: the storage used against the quota (Settings), the upload checks and the one
 * progress-reporting upload call (albums).
 */
export { displayFileName } from './file-names';
export { StorageUsage } from './components/storage-usage';
export {
  postWithProgress,
  uploadRefusal,
  uploadsChanged,
  useGetUploadUsageQuery,
} from './files-api';
