import { ALBUM_IMAGES_FIELD, uploadName } from '@agora/shared';
import type {
  BookmarkAdded,
  AddedAlbumImages,
  Album,
  AlbumImage,
  AlbumPage,
  AlbumSummary,
  CreateAlbumFields,
  UpdateAlbum,
} from '@agora/shared';
import { api } from '../../lib/api';
import { contentListTag, registerContentCache } from '../content';
import type { ContentCacheLifecycle } from '../content';
import { postWithProgress } from '../files';

const COMMON = '/api/common';

/** Which albums a list shows: everyone's, one member's (by username), or the viewer's bookmarks. */
export interface AlbumListArgs {
  author?: string;
  bookmarked?: true;
}

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

const LISTS = { type: 'AlbumList' as const, id: 'all' };

/** Each list names its albums, so a change to one finds every cached copy. */
const itemTags = (pages: readonly AlbumPage[] | undefined) =>
  (pages ?? []).flatMap((page) => page.results.map(({ id }) => ({ type: 'Album' as const, id })));

/**
 * POST album-images/ with one picture (SPEC §3: `album_images` and `name`, the original name plus
 * the UTC time), reporting its progress from 0 to 1. One file a request, so each has its own bar
 * and its own refusal; the caller refreshes the album once its batch ends.
 */
export async function uploadAlbumImage(
  album: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<AddedAlbumImages> {
  const form = new FormData();
  form.set('album', String(album));
  form.set('name', uploadName(file.name, new Date()));
  form.set(ALBUM_IMAGES_FIELD, file, file.name);
  return postWithProgress<AddedAlbumImages>(`${COMMON}/album-images/`, form, onProgress);
}

export const albumsApi = api
  .enhanceEndpoints({
    addTagTypes: ['Album', 'AlbumList', 'UploadUsage', 'MemberFiles', 'ContentList'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET albums/?author=: newest first. */
      listAlbums: build.infiniteQuery<AlbumPage, AlbumListArgs, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ queryArg, pageParam }) => ({
          url: `${COMMON}/albums/`,
          params: {
            author: queryArg.author,
            bookmarked: queryArg.bookmarked ? 'true' : undefined,
            cursor: pageParam ?? undefined,
          },
        }),
        // The bookmarks list also answers to the kernel's tag, which a bookmark refreshes.
        providesTags: (data, _error, args) => [
          LISTS,
          ...(args.bookmarked ? [contentListTag('album', 'bookmarked')] : []),
          ...itemTags(data?.pages),
        ],
      }),

      /** GET albums/{id}/: the album and its pictures in order. */
      getAlbum: build.query<Album, number>({
        query: (id) => `${COMMON}/albums/${id}/`,
        providesTags: (_data, _error, id) => [{ type: 'Album', id }],
      }),

      /** POST albums/ as a form with its name; pictures follow one request each. */
      createAlbum: build.mutation<Album, CreateAlbumFields>({
        query: ({ name }) => {
          const form = new FormData();
          form.set('name', name);
          return { url: `${COMMON}/albums/`, method: 'POST', data: form };
        },
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(albumsApi.util.upsertQueryData('getAlbum', data.id, data));
          } catch {
            // The form shows the failure.
          }
        },
        invalidatesTags: (_data, error) => (error ? [] : [LISTS]),
      }),

      /** PATCH albums/{id}/: rename, or choose the cover among its pictures. */
      updateAlbum: build.mutation<Album, { id: number; changes: UpdateAlbum }>({
        query: ({ id, changes }) => ({
          url: `${COMMON}/albums/${id}/`,
          method: 'PATCH',
          data: changes,
        }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(albumsApi.util.upsertQueryData('getAlbum', id, data));
          } catch {
            // The caller shows the failure.
          }
        },
        invalidatesTags: (_data, error) => (error ? [] : [LISTS]),
      }),

      /** DELETE albums/{id}/: the album and its pictures. */
      deleteAlbum: build.mutation<unknown, number>({
        query: (id) => ({ url: `${COMMON}/albums/${id}/`, method: 'DELETE' }),
        // Not the album itself: the open page would refetch it only to find it gone.
        invalidatesTags: (_data, error) => (error ? [] : [LISTS, 'UploadUsage', 'MemberFiles']),
      }),

      /**
       * POST or DELETE albums/{id}/bookmark/: the kernel's bookmark, at the albums' own address
       * (common/bookmark/ serves the kinds of the feed). Shown at once, undone if refused.
       */
      setAlbumBookmark: build.mutation<
        { bookmarked: boolean },
        { id: number; bookmarked: boolean }
      >({
        query: ({ id, bookmarked }) => ({
          url: `${COMMON}/albums/${id}/bookmark/`,
          method: bookmarked ? 'POST' : 'DELETE',
        }),
        transformResponse: (data: BookmarkAdded, _meta, { bookmarked }) =>
          bookmarked ? data : { bookmarked: false },
        async onQueryStarted({ id, bookmarked }, lifecycle) {
          const undo = applyAlbumPatch(lifecycle, id, (album) => {
            album.isBookmarked = bookmarked;
          });
          try {
            await lifecycle.queryFulfilled;
          } catch {
            undo();
          }
        },
        invalidatesTags: (_data, error) => (error ? [] : [contentListTag('album', 'bookmarked')]),
      }),

      /** PATCH album-images/{id}/ as JSON: renames a picture. */
      renameAlbumImage: build.mutation<AlbumImage, { id: number; album: number; name: string }>({
        query: ({ id, name }) => ({
          url: `${COMMON}/album-images/${id}/`,
          method: 'PATCH',
          data: { name },
        }),
        async onQueryStarted({ album }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              albumsApi.util.updateQueryData('getAlbum', album, (cached) => {
                const index = cached.images.findIndex((image) => image.id === data.id);
                if (index >= 0) cached.images[index] = data;
                if (cached.cover?.id === data.id) cached.cover = data;
              }),
            );
          } catch {
            // The dialog shows the failure.
          }
        },
      }),

      /** DELETE album-images/{id}/. */
      deleteAlbumImage: build.mutation<unknown, { id: number; album: number }>({
        query: ({ id }) => ({ url: `${COMMON}/album-images/${id}/`, method: 'DELETE' }),
        invalidatesTags: (_data, error, { album }) =>
          error ? [] : [{ type: 'Album', id: album }, LISTS, 'UploadUsage', 'MemberFiles'],
      }),
    }),
  });

export const {
  useListAlbumsInfiniteQuery,
  useGetAlbumQuery,
  useCreateAlbumMutation,
  useUpdateAlbumMutation,
  useDeleteAlbumMutation,
  useDeleteAlbumImageMutation,
  useRenameAlbumImageMutation,
  useSetAlbumBookmarkMutation,
} = albumsApi;

/** What a batch of pictures changed: the album, the lists' covers and counts, the storage. */
export const albumPicturesAdded = (album: number) =>
  albumsApi.util.invalidateTags([
    { type: 'Album', id: album },
    LISTS,
    'UploadUsage',
    'MemberFiles',
  ]);

/**
 * Applies `recipe` to album `id` wherever it is cached (its page and the lists), so a like, a
 * bookmark or a comment shows at once. Returns a function that undoes the change.
 */
export function applyAlbumPatch(
  { dispatch, getState }: ContentCacheLifecycle,
  id: number,
  recipe: (album: AlbumSummary) => void,
): () => void {
  const patches: { undo: () => void }[] = [];
  const { updateQueryData } = albumsApi.util;
  for (const entry of albumsApi.util.selectInvalidatedBy(getState(), [{ type: 'Album', id }])) {
    if (entry.endpointName === 'getAlbum') {
      patches.push(dispatch(updateQueryData('getAlbum', id, recipe)));
    } else if (entry.endpointName === 'listAlbums') {
      const arg = entry.originalArgs as AlbumListArgs;
      patches.push(
        dispatch(
          updateQueryData('listAlbums', arg, (data) => {
            for (const page of data.pages)
              for (const item of page.results) if (item.id === id) recipe(item);
          }),
        ),
      );
    }
  }
  return () => {
    for (const patch of patches) patch.undo();
  };
}

// Likes, bookmarks and comments go through the kernel's generic endpoints; they patch albums here.
registerContentCache('album', applyAlbumPatch);
