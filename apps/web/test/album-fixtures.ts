import type { Album, AlbumImage, AlbumSummary, UploadedFile } from '@agora/shared';
import { member } from './account-fixtures';

/** Shared set-up for the album and file pages' tests: factories in the shared contracts' shapes. */

const TAKEN_AT = '2026-03-01T10:00:00.000Z';
/** A real BlurHash (blurha.sh's example), so the placeholder decodes. */
export const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';

export const memberAuthor = { id: member.id, username: member.username, avatar: null };
export const otherAuthor = { id: 99, username: 'grace', avatar: null };

export function albumImageOf(
  id: number,
  name: string,
  overrides: Partial<AlbumImage> = {},
): AlbumImage {
  return {
    id,
    albumId: 1,
    name: `${name} 2026-03-01 10:00:00`,
    url: `/media/files/${id}.jpg`,
    mimeType: 'image/jpeg',
    sizeBytes: 120_000,
    width: 1200,
    height: 900,
    blurhash: BLURHASH,
    thumbnails: {
      small: { url: `/media/thumbnails/${id}-320.webp`, width: 320, height: 240 },
      large: { url: `/media/thumbnails/${id}-1280.webp`, width: 1280, height: 960 },
    },
    createdAt: TAKEN_AT,
    ...overrides,
  };
}

export function albumSummaryOf(overrides: Partial<AlbumSummary> = {}): AlbumSummary {
  return {
    id: 1,
    name: 'Harbour walk',
    author: otherAuthor,
    createdAt: TAKEN_AT,
    updatedAt: TAKEN_AT,
    imagesCount: 0,
    thumbnail: null,
    cover: null,
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
    isBookmarked: false,
    isHidden: false,
    canEdit: false,
    ...overrides,
  };
}

/** An album with `images`, the first its cover. */
export function albumOf(images: AlbumImage[], overrides: Partial<Album> = {}): Album {
  const cover = images[0] ?? null;
  return {
    ...albumSummaryOf({ imagesCount: images.length, thumbnail: cover?.id ?? null, cover }),
    images,
    ...overrides,
  };
}

export function fileOf(
  id: number,
  name: string,
  overrides: Partial<UploadedFile> = {},
): UploadedFile {
  return {
    id,
    name: `${name} 2026-03-01 10:00:00`,
    url: `/media/files/${id}`,
    mimeType: 'application/pdf',
    sizeBytes: 2_500_000,
    createdAt: TAKEN_AT,
    image: null,
    ...overrides,
  };
}
