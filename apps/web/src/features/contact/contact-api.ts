import type { ContactMessageInput, ContactMessagePage, ContactSent } from '@agora/shared';
import { api } from '../../lib/api';

/** Contact us (issue 19): a message anyone sends, and the staff's list of them. */
const contactApi = api.enhanceEndpoints({ addTagTypes: ['ContactMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/contactus/. */
    sendContactMessage: build.mutation<ContactSent, ContactMessageInput>({
      query: (data) => ({ url: '/api/contactus/', method: 'POST', data }),
      invalidatesTags: (_data, error) => (error ? [] : ['ContactMessages']),
    }),
    /** GET /api/moderation/contact/: staff only, newest first. */
    getContactMessages: build.infiniteQuery<ContactMessagePage, undefined, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ pageParam }) => ({
        url: '/api/moderation/contact/',
        params: pageParam ? { cursor: pageParam } : undefined,
      }),
      providesTags: ['ContactMessages'],
    }),
  }),
});

export const { useSendContactMessageMutation, useGetContactMessagesInfiniteQuery } = contactApi;
