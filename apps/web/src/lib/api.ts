import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { errorBody, errorMessage } from './api-error';
import { http, ResponseError } from './http-client';
import type { RequestOptions } from './http-client';

/** What an endpoint's `query` returns: a path, or the parts of a request it may set. */
export type ApiRequest =
  | string
  | (Pick<RequestOptions, 'params' | 'headers'> & { url: string; method?: string; data?: unknown });

/**
 * What a failed endpoint yields: the HTTP status and body when the server answered, and the
 * member-facing message (SPEC §8: the first value of the error body, or the generic message).
 */
export interface ApiError {
  status: number | null;
  data: unknown;
  message: string;
}

export const httpBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (
  request,
  { signal },
) => {
  const config = typeof request === 'string' ? { url: request } : request;
  try {
    const response = await http.request({ ...config, signal });
    return { data: response.data };
  } catch (error) {
    const status = error instanceof ResponseError ? error.status : null;
    return { error: { status, data: errorBody(error) ?? null, message: errorMessage(error) } };
  }
};

/**
 * The single RTK Query API for the Agora API base. Features add their endpoints with
 * `api.injectEndpoints(...)` in `<feature>-api.ts` and their cache tags with
 * `api.enhanceEndpoints({ addTagTypes: [...] })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
