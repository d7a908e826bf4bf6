/** The media feature's public API. */
export { mediaRoutes, type MediaRoutesOptions } from './media.routes';
export { findOwnFile, NOT_YOUR_FILE } from './media.service';
export { extensionOf } from './file-type';
export { files, type FileRow } from './media.tables';
