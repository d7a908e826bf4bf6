import { z } from 'zod';
import { ZAuthor } from './forums';
import { IMAGE_MIME_TYPES, ZThumbnail, ZUploadName } from './media';
import { zPage, ZPageQuery } from './pagination';
import { zLabel, zText } from './text';

/**
 * Album contracts (issue 19), under `/api/common/`:
 * - `albums/` GET list (`?author=username`, `?bookmarked=true`, `?liked=true`; newest first),
 *   POST multipart form: `name` and zero or more `album_images` files (or JSON `{ name }` for
 *   an empty album); `albums/{id}/` GET detail with its pictures, PATCH JSON
 *   `{ name?, thumbnail? }`, DELETE (the album and its pictures).
 * - `album-images/` POST multipart form: `album` (its id), one or more `album_images` files and,
 *   for a single file, an optional `name`; `album-images/{id}/` PATCH and DELETE.
 * - `albums/{id}/bookmark/` POST (201 `{ bookmarked: true }`) and DELETE (204): bookmarks.
 * A picture's name is SPEC §3's upload name: the original file name plus the UTC time
 * (`uploadName`); the server writes it from the file's own name when the form sends none. An
 * upload of several files is all or nothing: the web sends one file per request to show each
 * file's progress and error. A file too large, or over the member's quota, is answered 413
 * `{ detail }`; a file that is not a picture 400 naming its field. Likes, comments and reports
 * are the content kernel's, with model `album`.
 */

export const ALBUM_NAME_MAX_LENGTH = 100;
/** Pictures one album holds. */
export const ALBUM_IMAGES_MAX = 500;
/** Files one POST of `albums/` or `album-images/` carries. */
export const ALBUM_UPLOAD_FILES_MAX = 20;
/** The multipart field of the pictures (SPEC §3). */
export const ALBUM_IMAGES_FIELD = 'album_images';
/** The multipart field of PATCH `album-images/{id}/` that replaces the picture (SPEC §3). */
export const ALBUM_IMAGE_REPLACE_FIELD = 'imageUrl';

export const ALBUM_MESSAGES = {
  notFound: 'This album does not exist or is not visible to you.',
  notYours: 'Only its author can change or delete this album.',
  imageNotFound: 'This picture does not exist or is not visible to you.',
  imageNotYours: 'Only the album’s author can change or delete this picture.',
  thumbnailNotInAlbum: 'Choose one of this album’s pictures as its thumbnail.',
  full: `An album holds at most ${ALBUM_IMAGES_MAX} pictures; start another album.`,
  tooManyFiles: `Send at most ${ALBUM_UPLOAD_FILES_MAX} pictures at once.`,
  chooseImages: 'Choose one or more pictures to upload.',
  onlyImages: 'Albums hold pictures: upload a JPEG, PNG, WebP, GIF, HEIC or AVIF image.',
  chooseAlbum: 'Say which album the pictures go in.',
} as const;

const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');
const ZIsoDateTime = z.iso.datetime({ offset: true });
const ZPathId = z.coerce
  .number('Use a numeric id.')
  .int('Use a numeric id.')
  .positive('Use a numeric id.');

export const ZAlbumName = zLabel('Give the album a name.')
  .trim()
  .min(1, 'Give the album a name.')
  .max(ALBUM_NAME_MAX_LENGTH, `Keep the album name to ${ALBUM_NAME_MAX_LENGTH} characters.`);

/** `{id}` in `albums/{id}/`. */
export const ZAlbumParams = z.object({ id: ZPathId });
/** `{id}` in `album-images/{id}/`. */
export const ZAlbumImageParams = z.object({ id: ZPathId });

/** The text fields of POST `albums/` (its files come in `album_images`). */
export const ZCreateAlbumFields = z.object({ name: ZAlbumName });
export type CreateAlbumFields = z.infer<typeof ZCreateAlbumFields>;

/**
 * The text fields of POST `album-images/`. `name` names a single picture (SPEC §3 upload name);
 * with several files, or none given, each is named from its own file name.
 */
export const ZAddAlbumImagesFields = z.object({
  album: z.coerce.number(ALBUM_MESSAGES.chooseAlbum).int().positive(ALBUM_MESSAGES.chooseAlbum),
  name: ZUploadName.optional(),
});
export type AddAlbumImagesFields = z.input<typeof ZAddAlbumImagesFields>;

/**
 * PATCH `albums/{id}/`: rename, and/or choose the cover: `thumbnail` is the id of one of the
 * album's pictures (SPEC §3). At least one of the two.
 */
export const ZUpdateAlbum = z
  .object({
    name: ZAlbumName.optional(),
    thumbnail: ZId.optional(),
  })
  .refine((value) => value.name !== undefined || value.thumbnail !== undefined, {
    message: 'Change the name or the thumbnail.',
  });
export type UpdateAlbum = z.input<typeof ZUpdateAlbum>;

/**
 * PATCH `album-images/{id}/`. As JSON: `{ name }` renames the picture. As a multipart form:
 * `imageUrl`, a new picture file that replaces this one in place (same id, same place in the
 * album, cover kept), and optionally `name`; without `name` the new file's own name is used.
 */
export const ZUpdateAlbumImage = z.object({ name: ZUploadName });
export type UpdateAlbumImage = z.infer<typeof ZUpdateAlbumImage>;
/** The text fields of the multipart form of PATCH `album-images/{id}/`. */
export const ZReplaceAlbumImageFields = z.object({ name: ZUploadName.optional() });

/** One picture of an album: the stored file (upright, no metadata) and its thumbnails. */
export const ZAlbumImage = z.object({
  id: ZId,
  albumId: ZId,
  name: z.string(),
  /** Where the picture is served, full size. */
  url: z.string(),
  mimeType: z.enum(IMAGE_MIME_TYPES),
  sizeBytes: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A BlurHash (blurha.sh) to draw before the picture arrives. */
  blurhash: z.string(),
  /** `small` (320 px) for grids, `large` (1280 px) for a lightbox on a phone. */
  thumbnails: z.object({ small: ZThumbnail, large: ZThumbnail }),
  createdAt: ZIsoDateTime,
});
export type AlbumImage = z.infer<typeof ZAlbumImage>;

/** An album as lists show it. */
export const ZAlbumSummary = z.object({
  id: ZId,
  name: z.string(),
  author: ZAuthor,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  imagesCount: z.number().int().nonnegative(),
  /** The id of the cover picture (SPEC §3 `thumbnail`); null while the album is empty. */
  thumbnail: ZId.nullable(),
  /** The cover picture itself. */
  cover: ZAlbumImage.nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  /** Hidden by staff or reports: only its author and staff see it, and it says so. */
  isHidden: z.boolean(),
  /** The viewer may rename it, change its pictures and delete it. */
  canEdit: z.boolean(),
});
export type AlbumSummary = z.infer<typeof ZAlbumSummary>;
export const ZAlbumPage = zPage(ZAlbumSummary);
export type AlbumPage = z.infer<typeof ZAlbumPage>;

/** GET `albums/{id}/`, and the answer of POST `albums/` (201) and PATCH: its pictures in order. */
export const ZAlbum = ZAlbumSummary.extend({ images: z.array(ZAlbumImage) });
export type Album = z.infer<typeof ZAlbum>;

const ZFlag = z.enum(['true', 'false'], 'Use true or false.').transform((flag) => flag === 'true');

/**
 * GET `albums/`: newest first; `author` (a username) keeps one member's, `bookmarked=true` and
 * `liked=true` those the signed-in viewer bookmarked or liked (401 signed out).
 */
export const ZAlbumListQuery = ZPageQuery.extend({
  author: zText().trim().min(1).max(150).optional(),
  bookmarked: ZFlag.optional(),
  liked: ZFlag.optional(),
});
export type AlbumListQuery = z.input<typeof ZAlbumListQuery>;
export type AlbumListFilter = z.output<typeof ZAlbumListQuery>;

/** 201 of POST `album-images/`: the pictures added, in order, and the album as it now is. */
export const ZAddedAlbumImages = z.object({
  images: z.array(ZAlbumImage),
  album: ZAlbumSummary,
});
export type AddedAlbumImages = z.infer<typeof ZAddedAlbumImages>;
