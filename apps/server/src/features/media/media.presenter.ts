import type { UploadedFile } from '@agora/shared';
import type { Storage } from '../../platform/storage';
import type { FileRow } from './media.tables';

/** A file in its API shape, with the URL it is served at. */
export function presentFile(row: FileRow, storage: Storage): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    url: storage.url(row.storageKey),
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}
