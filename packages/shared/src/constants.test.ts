import { describe, expect, it } from 'vitest';
import { chatReconnectDelayMs, CHAT_SOCKET_MAX_RECONNECTS } from './constants';

describe('chat reconnect backoff', () => {
  it('waits 2^(n-1) seconds before attempt n, for at most 10 attempts', () => {
    const delays = Array.from({ length: CHAT_SOCKET_MAX_RECONNECTS }, (_, i) =>
      chatReconnectDelayMs(i + 1),
    );
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 512000]);
  });
});
