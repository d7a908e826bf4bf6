import type { Thumbnail, UploadedFile } from '@agora/shared';
import { isShownInPlace, type Storage } from '../../platform/storage';
import type { FileRow, StoredThumbnail } from './media.tables';

const presentThumbnail = (
  { key, width, height }: StoredThumbnail,
  storage: Storage,
): Thumbnail => ({
  url: storage.url(key),
  width,
  height,
});

/**
 * A file in its API shape, with the URL it is served at: pictures and sound show in place, any
 * other file downloads under the member's name for it.
 */
export function presentFile(row: FileRow, storage: Storage): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    url: storage.url(row.storageKey, isShownInPlace(row.mimeType) ? undefined : row.name),
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    image: row.image && {
      width: row.image.width,
      height: row.image.height,
      blurhash: row.image.blurhash,
      thumbnails: {
        small: presentThumbnail(row.image.thumbnails.small, storage),
        large: presentThumbnail(row.image.thumbnails.large, storage),
      },
    },
  };
}
