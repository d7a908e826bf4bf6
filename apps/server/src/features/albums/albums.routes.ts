import {
  ALBUM_IMAGE_REPLACE_FIELD,
  ALBUM_IMAGES_FIELD,
  ALBUM_MESSAGES,
  ALBUM_UPLOAD_FILES_MAX,
  FILE_MAX_BYTES,
  ZAddAlbumImagesFields,
  ZAddedAlbumImages,
  ZAlbum,
  ZAlbumImage,
  ZAlbumImageParams,
  ZAlbumListQuery,
  ZAlbumPage,
  ZAlbumParams,
  ZCreateAlbumFields,
  ZReplaceAlbumImageFields,
  ZUpdateAlbum,
  ZUpdateAlbumImage,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Viewer } from '../../platform/auth';
import { contentContext } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { memberUploadLimit, usualUploadLimit } from '../media';
import { albumBookmarkRoutes } from './album-bookmarks.routes';
import { parseBody, readPictureForm } from './album-forms';
import { canSeeAlbum } from './album-rules';
import { listAlbums, loadAlbums, loadImages } from './albums.loader';
import { presentAlbum, presentAlbumImage } from './albums.presenter';
import {
  addAlbumImages,
  createAlbum,
  deleteAlbum,
  deleteAlbumImage,
  renameAlbumImage,
  replaceAlbumImage,
  updateAlbum,
  type AlbumsContext,
} from './albums.service';

export interface AlbumsRoutesOptions {
  /** Largest picture accepted; FILE_MAX_BYTES unless a test needs a small limit. */
  maxFileBytes?: number;
  /** Bytes each member may keep; the config's UPLOAD_QUOTA_BYTES unless a test needs less. */
  quotaBytes?: number;
}

/** Albums and their pictures, under /api/common/ (SPEC §7: `albums/` and `album-images/`). */
export const albumsRoutes: FastifyPluginAsyncZod<AlbumsRoutesOptions> = async (app, options) => {
  const ctx: AlbumsContext = {
    ...contentContext(app),
    quotaBytes: options.quotaBytes ?? app.config.uploadQuotaBytes,
  };
  const usualLimit = usualUploadLimit(options.maxFileBytes ?? FILE_MAX_BYTES);
  const limitFor = (owner: Viewer) =>
    memberUploadLimit(app, ctx.db, owner, usualLimit, ctx.quotaBytes);
  const tags = ['albums'];
  albumBookmarkRoutes(app, ctx);
  const uploader = [app.authenticate, app.actionLimit('uploads')];

  /** The album as this viewer sees it, with its pictures; 404 when they may not see it. */
  async function albumFor(viewer: Viewer | null, id: number) {
    const [view] = await loadAlbums(ctx, viewer, [id], true);
    if (!view || !canSeeAlbum(view.row, viewer)) {
      throw new AppError('not_found', ALBUM_MESSAGES.notFound);
    }
    return presentAlbum(view, ctx.storage);
  }

  async function imageFor(id: number) {
    const [image] = await loadImages(ctx, [id]);
    if (!image) throw new AppError('not_found', ALBUM_MESSAGES.imageNotFound);
    return presentAlbumImage(image, ctx.storage);
  }

  app.get(
    '/albums/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary:
          'Albums, newest first: `author` (a username) for one member’s, `bookmarked=true` or `liked=true` for yours.',
        querystring: ZAlbumListQuery,
        response: { 200: ZAlbumPage },
      },
    },
    async (request) => {
      const page = await listAlbums(ctx, request.user ?? null, request.query);
      return presentPage(page, (view) => presentAlbum(view, ctx.storage));
    },
  );

  app.get(
    '/albums/:id/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: 'An album with its pictures in order.',
        params: ZAlbumParams,
        response: { 200: ZAlbum },
      },
    },
    async (request) => albumFor(request.user ?? null, request.params.id),
  );

  app.post(
    '/albums/',
    {
      onRequest: uploader,
      schema: {
        tags,
        summary: `Start an album: a multipart form with \`name\` and zero or more pictures in \`${ALBUM_IMAGES_FIELD}\` (at most ${ALBUM_UPLOAD_FILES_MAX}, all kept or none), or JSON \`{ name }\` for an empty one. Pictures are stored upright without metadata, with WebP thumbnails and a BlurHash.`,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: ZAlbum },
      },
    },
    async (request, reply) => {
      const author = currentUser(request);
      const { uploads, fields } = request.isMultipart()
        ? await readPictureForm(request, ctx.storage, await limitFor(author), {
            field: ALBUM_IMAGES_FIELD,
            maxFiles: ALBUM_UPLOAD_FILES_MAX,
            schema: ZCreateAlbumFields,
            now: ctx.now(),
          })
        : { uploads: [], fields: parseBody(ZCreateAlbumFields, request.body) };
      const id = await createAlbum(ctx, author, fields.name, uploads);
      return reply.code(201).send(await albumFor(author, id));
    },
  );

  app.patch(
    '/albums/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Rename your album and/or choose its cover: `thumbnail` is the id of one of its pictures.',
        params: ZAlbumParams,
        body: ZUpdateAlbum,
        response: { 200: ZAlbum },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      await updateAlbum(ctx, viewer, request.params.id, request.body);
      return albumFor(viewer, request.params.id);
    },
  );

  app.delete(
    '/albums/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your album and its pictures, with their comments, likes and bookmarks.',
        params: ZAlbumParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deleteAlbum(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/album-images/',
    {
      onRequest: uploader,
      schema: {
        tags,
        summary: `Add pictures to your album: a multipart form with \`album\` (its id), pictures in \`${ALBUM_IMAGES_FIELD}\` (at most ${ALBUM_UPLOAD_FILES_MAX}, all kept or none) and, for one picture, an optional \`name\`. Send one file per request to show each file's progress and refusal.`,
        consumes: ['multipart/form-data'],
        response: { 201: ZAddedAlbumImages },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { uploads, fields } = await readPictureForm(
        request,
        ctx.storage,
        await limitFor(viewer),
        {
          field: ALBUM_IMAGES_FIELD,
          maxFiles: ALBUM_UPLOAD_FILES_MAX,
          schema: ZAddAlbumImagesFields,
          now: ctx.now(),
        },
      );
      const [only] = uploads;
      if (!only) throw AppError.fields({ [ALBUM_IMAGES_FIELD]: [ALBUM_MESSAGES.chooseImages] });
      if (fields.name !== undefined && uploads.length === 1) only.name = fields.name;
      const ids = await addAlbumImages(ctx, viewer, fields.album, uploads);
      const [images, album] = await Promise.all([
        loadImages(ctx, ids),
        albumFor(viewer, fields.album),
      ]);
      return reply.code(201).send({
        images: images.map((image) => presentAlbumImage(image, ctx.storage)),
        album,
      });
    },
  );

  /** PATCH's multipart form: a new picture in `imageUrl`, and an optional name. */
  async function replacement(request: FastifyRequest, viewer: Viewer) {
    const { uploads, fields } = await readPictureForm(
      request,
      ctx.storage,
      await limitFor(viewer),
      {
        field: ALBUM_IMAGE_REPLACE_FIELD,
        maxFiles: 1,
        schema: ZReplaceAlbumImageFields,
        now: ctx.now(),
      },
    );
    const [upload] = uploads;
    if (!upload) {
      throw AppError.fields({ [ALBUM_IMAGE_REPLACE_FIELD]: [ALBUM_MESSAGES.chooseImages] });
    }
    return { stored: upload.stored, name: fields.name ?? upload.name };
  }

  app.patch(
    '/album-images/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: `Change a picture of your album: JSON \`{ name }\` renames it; a multipart form with a new picture in \`${ALBUM_IMAGE_REPLACE_FIELD}\` (and optionally \`name\`) replaces it in place (same id, same place, still the cover if it was).`,
        consumes: ['application/json', 'multipart/form-data'],
        params: ZAlbumImageParams,
        response: { 200: ZAlbumImage },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { id } = request.params;
      if (request.isMultipart()) {
        await replaceAlbumImage(ctx, viewer, id, await replacement(request, viewer));
      } else {
        const { name } = parseBody(ZUpdateAlbumImage, request.body);
        await renameAlbumImage(ctx, viewer, id, name);
      }
      return imageFor(id);
    },
  );

  app.delete(
    '/album-images/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Delete a picture of your album; when it was the cover, the next picture becomes the cover.',
        params: ZAlbumImageParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deleteAlbumImage(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
