import { FILE_MAX_BYTES } from '@agora/shared';
import type { UploadedFile, UploadedFilePage, UploadUsage } from '@agora/shared';
import { api } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { http } from '../../lib/http-client';

const FILES = '/api/common/files';

const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next: string | null }) => lastPage.next,
} as const;

/**
 * Sends one file as form data with its progress, from 0 to 1: a plain call rather than an
 * endpoint, since nothing caches an upload; the caller refreshes the lists once its batch ends.
 */
export async function postWithProgress<T>(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const { data } = await http.post<T>(url, form, {
    onUploadProgress: ({ loaded, total }) => {
      if (total) onProgress?.(loaded / total);
    },
  });
  return data;
}

/** POST files/ (SPEC §3: `file` and `name`, the original name plus the UTC time). */
export async function uploadMemberFile(
  file: File,
  name: string,
  onProgress?: (fraction: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.set('name', name);
  form.set('file', file, file.name);
  return postWithProgress<UploadedFile>(`${FILES}/`, form, onProgress);
}

/**
 * Why `file` cannot be sent, known before sending it: over the upload limit, or larger than
 * what is left of the member's storage. Null when only the server can tell (its type, and the
 * thumbnails a picture adds).
 */
export function uploadRefusal(file: File, usage: UploadUsage | undefined): string | null {
  if (file.size === 0) return `${file.name} is empty: choose a file with something in it.`;
  if (file.size > FILE_MAX_BYTES) {
    return `${file.name} is ${formatBytes(file.size)}; files can be at most ${formatBytes(FILE_MAX_BYTES)}.`;
  }
  if (usage && file.size > usage.leftBytes) {
    return `${file.name} is ${formatBytes(file.size)} but only ${formatBytes(usage.leftBytes)} of your storage is left. Delete files or pictures you no longer need.`;
  }
  return null;
}

export const filesApi = api
  .enhanceEndpoints({ addTagTypes: ['MemberFiles', 'UploadUsage'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET files/usage/: what the member's uploads take against their quota. */
      getUploadUsage: build.query<UploadUsage, undefined>({
        query: () => `${FILES}/usage/`,
        providesTags: ['UploadUsage'],
      }),

      /** GET files/: the member's own files, newest first. */
      listMemberFiles: build.infiniteQuery<UploadedFilePage, undefined, string | null>({
        infiniteQueryOptions: cursorPages,
        query: ({ pageParam }) => ({
          url: `${FILES}/`,
          params: { cursor: pageParam ?? undefined },
        }),
        providesTags: ['MemberFiles'],
      }),

      /** DELETE files/{id}/. */
      deleteMemberFile: build.mutation<unknown, number>({
        query: (id) => ({ url: `${FILES}/${id}/`, method: 'DELETE' }),
        invalidatesTags: (_data, error) => (error ? [] : ['MemberFiles', 'UploadUsage']),
      }),
    }),
  });

export const {
  useGetUploadUsageQuery,
  useListMemberFilesInfiniteQuery,
  useDeleteMemberFileMutation,
} = filesApi;

/** What an upload batch changed: the files list and the storage used. */
export const uploadsChanged = () => filesApi.util.invalidateTags(['MemberFiles', 'UploadUsage']);
