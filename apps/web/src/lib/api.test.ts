import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@agora/shared';
import { http } from './http-client';
import { axiosBaseQuery } from './api';

const queryApi = {
  signal: new AbortController().signal,
} as Parameters<typeof axiosBaseQuery>[1];

function failWith(status: number, data: unknown) {
  const response = { status, data, headers: {}, config: { headers: new AxiosHeaders() } };
  vi.spyOn(http, 'request').mockRejectedValue(
    new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse),
  );
}

describe('axiosBaseQuery', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the response body and passes the abort signal on', async () => {
    const request = vi
      .spyOn(http, 'request')
      .mockResolvedValue({ data: { ok: true } } as AxiosResponse);
    const result = await axiosBaseQuery(
      { url: '/api/forums/forums/', method: 'GET', params: { limit: 10 } },
      queryApi,
      {},
    );
    expect(result).toEqual({ data: { ok: true } });
    expect(request).toHaveBeenCalledWith({
      url: '/api/forums/forums/',
      method: 'GET',
      params: { limit: 10 },
      signal: queryApi.signal,
    });
  });

  it('turns an error response into status, body and message', async () => {
    failWith(400, { title: ['Title is required.'] });
    expect(await axiosBaseQuery('/api/forums/forums/', queryApi, {})).toEqual({
      error: {
        status: 400,
        data: { title: ['Title is required.'] },
        message: 'Title is required.',
      },
    });
  });

  it('reports a canceled request with the SPEC message', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(new CanceledError());
    const result = await axiosBaseQuery('/api/common/trending-post/', queryApi, {});
    expect(result).toEqual({ error: { status: null, data: null, message: MESSAGES.canceled } });
  });

  it('uses the generic message when the server cannot be reached', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    const result = await axiosBaseQuery('/api/common/trending-post/', queryApi, {});
    expect(result).toEqual({ error: { status: null, data: null, message: MESSAGES.generic } });
  });
});
