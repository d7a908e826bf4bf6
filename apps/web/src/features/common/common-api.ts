import type { ContentSearchResults, MemberSearchResults } from '@agora/shared';
import { api } from '../../lib/api';

const COMMON = '/api/common';

/** Search (issue 4): read-only, so no cache tags; a new search is a new cache entry. */
const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET fetchdata/?q=: discussions and comments, best match first, with snippets. */
    searchContent: build.query<ContentSearchResults, string>({
      query: (q) => ({ url: `${COMMON}/fetchdata/`, params: { q } }),
    }),
    /** GET userdata/?q=: members by username or name; signed-in members only. */
    searchMembers: build.query<MemberSearchResults, string>({
      query: (q) => ({ url: `${COMMON}/userdata/`, params: { q } }),
    }),
  }),
});

export const { useSearchContentQuery, useSearchMembersQuery } = searchApi;
