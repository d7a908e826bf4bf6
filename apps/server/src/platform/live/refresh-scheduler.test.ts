import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshScheduler } from './refresh-scheduler';

describe('refresh scheduler', () => {
  let refreshed: string[];
  let errors: string[];
  let scheduler: RefreshScheduler;
  beforeEach(() => {
    vi.useFakeTimers();
    refreshed = [];
    errors = [];
    scheduler = new RefreshScheduler({
      intervalMs: 250,
      refresh: async (key) => {
        refreshed.push(key);
      },
      onError: (error, key) => errors.push(`${key}: ${String(error)}`),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes each object once at the end of a burst of its changes', async () => {
    for (let index = 0; index < 100; index += 1) scheduler.changed('poll:1');
    scheduler.changed('poll:2');
    await vi.advanceTimersByTimeAsync(249);
    expect(refreshed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed).toEqual(['poll:1', 'poll:2']);

    scheduler.changed('poll:1');
    await vi.advanceTimersByTimeAsync(250);
    expect(refreshed).toEqual(['poll:1', 'poll:2', 'poll:1']);
  });

  it("runs one object's work in order, each after the last has finished", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const slow = scheduler.inTurn('poll:1', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      order.push('slow');
    });
    const next = scheduler.inTurn('poll:1', async () => {
      order.push('next');
    });
    const other = scheduler.inTurn('poll:2', async () => {
      order.push('other');
    });
    await other;
    expect(order).toEqual(['other']);
    release();
    await Promise.all([slow, next]);
    expect(order).toEqual(['other', 'slow', 'next']);
  });

  it('reports a failed refresh and goes on with the next', async () => {
    await scheduler.inTurn('poll:1', async () => {
      throw new Error('database down');
    });
    await scheduler.inTurn('poll:1', async () => {
      refreshed.push('after');
    });
    expect(errors).toEqual(['poll:1: Error: database down']);
    expect(refreshed).toEqual(['after']);
  });

  it('drops the refreshes still waiting when closed', async () => {
    scheduler.changed('poll:1');
    await scheduler.close();
    scheduler.changed('poll:2');
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshed).toEqual([]);
  });
});
