import type { DiscussionAudio, UploadedFile } from '@agora/shared';
import { api } from '../../lib/api';
import { http } from '../../lib/http-client';

const FORUMS = '/api/forums/forums';

/**
 * POST /api/common/files/ as form data (SPEC §3: `file` and `name`), with the upload's
 * progress from 0 to 1. A plain call rather than an endpoint: nothing caches an upload.
 */
export async function uploadFile(
  file: Blob,
  fileName: string,
  name: string,
  onProgress?: (fraction: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.set('name', name);
  form.set('file', file, fileName);
  const { data } = await http.post<UploadedFile>('/api/common/files/', form, {
    onUploadProgress: ({ loaded, total }) => {
      if (total) onProgress?.(loaded / total);
    },
  });
  return data;
}

export interface GenerateAudioArgs {
  id: number;
  /** An uploaded audio file to attach; without it the server reads the text aloud. */
  audioId?: number;
}

export const audioApi = api
  .enhanceEndpoints({ addTagTypes: ['Discussion', 'DiscussionAudio'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET forums/{id}/get_audio/: none, pending, ready (with its URL) or failed. */
      getDiscussionAudio: build.query<DiscussionAudio, number>({
        query: (id) => `${FORUMS}/${id}/get_audio/`,
        providesTags: (_audio, _error, id) => [{ type: 'DiscussionAudio', id }],
      }),
      /** POST forums/{id}/generate_audiourl/: the author's recording, or speech from the text. */
      generateDiscussionAudio: build.mutation<DiscussionAudio, GenerateAudioArgs>({
        query: ({ id, audioId }) => ({
          url: `${FORUMS}/${id}/generate_audiourl/`,
          method: 'POST',
          data: audioId === undefined ? {} : { audio_id: audioId },
        }),
        // The answer is the new state: no need to ask for it again.
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(audioApi.util.upsertQueryData('getDiscussionAudio', id, data));
          } catch {
            // The caller shows the failure.
          }
        },
        // A discussion's `hasAudio` changes once its audio is ready.
        invalidatesTags: (audio, _error, { id }) =>
          audio?.status === 'ready' ? [{ type: 'Discussion', id }] : [],
      }),
    }),
  });

export const { useGetDiscussionAudioQuery, useGenerateDiscussionAudioMutation } = audioApi;
