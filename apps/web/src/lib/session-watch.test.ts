import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, storeSignInTokens } from './cookies';
import { startSessionWatch } from './session-watch';
import { jwtExpiringAt } from './testing/jwt';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const ACCESS = jwtExpiringAt(NOW + 300_000);

describe('session watch (every 240,000 ms)', () => {
  let hasSession: boolean;
  let onExpired: ReturnType<typeof vi.fn<() => void>>;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    hasSession = true;
    onExpired = vi.fn<() => void>();
    stop = startSessionWatch({ hasSession: () => hasSession, onExpired });
  });

  afterEach(() => {
    stop();
    clearTokens();
    vi.useRealTimers();
  });

  it('logs out at 240,000 ms, not at 239,999 ms, when the refresh token has expired', () => {
    storeSignInTokens({ access: ACCESS, refresh: jwtExpiringAt(NOW - 1_000) }, 'password');
    vi.advanceTimersByTime(239_999);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('does not log out while the refresh token is valid, then does once it expires', () => {
    storeSignInTokens({ access: ACCESS, refresh: jwtExpiringAt(NOW + 300_000) }, 'password');
    vi.advanceTimersByTime(240_000);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(240_000);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('treats a malformed refresh token as expired', () => {
    storeSignInTokens({ access: ACCESS, refresh: 'not-a-token' }, 'password');
    vi.advanceTimersByTime(240_000);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('logs out a session whose refresh cookie is gone, and leaves a signed-out page alone', () => {
    vi.advanceTimersByTime(240_000);
    expect(onExpired).toHaveBeenCalledOnce();
    hasSession = false;
    vi.advanceTimersByTime(240_000);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('stops checking once stopped', () => {
    storeSignInTokens({ access: ACCESS, refresh: jwtExpiringAt(NOW - 1_000) }, 'password');
    stop();
    vi.advanceTimersByTime(480_000);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
