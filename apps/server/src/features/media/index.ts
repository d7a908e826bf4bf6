/** The media feature's public API. */
export { mediaRoutes, type MediaRoutesOptions } from './media.routes';
export {
  discardUploads,
  dropFiles,
  dropMemberFiles,
  findOwnFile,
  NOT_YOUR_FILE,
  recordFiles,
  sweepKeys,
  type MediaDeps,
  type NewFile,
} from './media.service';
export { usualUploadLimit, type UploadRules } from './store-upload';
export { memberUploadLimit, readUploadForm, type UploadedPart } from './upload-form';
export { extensionOf } from './file-type';
export { files, type FileRow } from './media.tables';
