import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { isAxiosError } from 'axios';
import type { AxiosRequestConfig } from 'axios';
import { errorBody, errorMessage } from './api-error';
import { http } from './http-client';

/** What an endpoint's `query` returns: a path, or the parts of an axios request it may set. */
export type ApiRequest =
  string | Pick<AxiosRequestConfig, 'url' | 'method' | 'data' | 'params' | 'headers'>;

/**
 * What a failed endpoint yields: the HTTP status and body when the server answered, and the
 * member-facing message (SPEC §8: the first value of the error body, or the generic message).
 */
export interface ApiError {
  status: number | null;
  data: unknown;
  message: string;
}

export const axiosBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (
  request,
  { signal },
) => {
  const config = typeof request === 'string' ? { url: request } : request;
  try {
    const response = await http.request({ ...config, signal });
    return { data: response.data };
  } catch (error) {
    const status = isAxiosError(error) ? (error.response?.status ?? null) : null;
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
  baseQuery: axiosBaseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
