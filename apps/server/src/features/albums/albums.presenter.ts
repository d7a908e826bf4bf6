import { IMAGE_MIME_TYPES, type Album, type AlbumImage, type ImageMimeType } from '@agora/shared';
import type { Storage } from '../../platform/storage';
import type { AlbumImageView, AlbumView } from './albums.loader';

const isImageType = (type: string): type is ImageMimeType =>
  (IMAGE_MIME_TYPES as readonly string[]).includes(type);

/** A picture in its API shape; its file was stored as a picture, so it has image details. */
export function presentAlbumImage(view: AlbumImageView, storage: Storage): AlbumImage {
  const { file } = view;
  const image = file.image;
  if (!image || !isImageType(file.mimeType)) {
    throw new Error(`album image ${view.id} holds a file that is not a picture`);
  }
  const { small, large } = image.thumbnails;
  return {
    id: view.id,
    albumId: view.albumId,
    name: file.name,
    url: storage.url(file.storageKey),
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    width: image.width,
    height: image.height,
    blurhash: image.blurhash,
    thumbnails: {
      small: { url: storage.url(small.key), width: small.width, height: small.height },
      large: { url: storage.url(large.key), width: large.width, height: large.height },
    },
    createdAt: view.createdAt.toISOString(),
  };
}

/**
 * An album with its pictures (none unless loaded). Lists use it too: the response writer sends
 * only the fields a route's schema declares, so a summary goes without `images`.
 */
export function presentAlbum(view: AlbumView, storage: Storage): Album {
  return {
    id: view.row.id,
    name: view.row.name,
    author: view.author,
    createdAt: view.row.createdAt.toISOString(),
    updatedAt: view.row.updatedAt.toISOString(),
    imagesCount: view.row.imagesCount,
    thumbnail: view.row.coverImageId,
    cover: view.cover && presentAlbumImage(view.cover, storage),
    likesCount: view.row.likesCount,
    commentsCount: view.row.commentsCount,
    isLiked: view.isLiked,
    isBookmarked: view.isBookmarked,
    isHidden: view.row.hiddenAt !== null,
    canEdit: view.canEdit,
    images: (view.images ?? []).map((image) => presentAlbumImage(image, storage)),
  };
}
