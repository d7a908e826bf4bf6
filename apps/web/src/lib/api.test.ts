import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@agora/shared';
import { http, ResponseError } from './http-client';
import { httpBaseQuery } from './api';

const queryApi = {
  signal: new AbortController().signal,
} as Parameters<typeof httpBaseQuery>[1];

function failWith(status: number, data: unknown) {
  vi.spyOn(http, 'request').mockRejectedValue(new ResponseError(status, data));
}

describe('httpBaseQuery', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the response body and passes the abort signal on', async () => {
    const request = vi
      .spyOn(http, 'request')
      .mockResolvedValue({ status: 200, data: { ok: true } });
    const result = await httpBaseQuery(
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
    expect(await httpBaseQuery('/api/forums/forums/', queryApi, {})).toEqual({
      error: {
        status: 400,
        data: { title: ['Title is required.'] },
        message: 'Title is required.',
      },
    });
  });

  it('reports a canceled request with the SPEC message', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(
      new DOMException('The operation was aborted.', 'AbortError'),
    );
    const result = await httpBaseQuery('/api/common/trending-post/', queryApi, {});
    expect(result).toEqual({ error: { status: null, data: null, message: MESSAGES.canceled } });
  });

  it('uses the generic message when the server cannot be reached', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await httpBaseQuery('/api/common/trending-post/', queryApi, {});
    expect(result).toEqual({ error: { status: null, data: null, message: MESSAGES.generic } });
  });
});
