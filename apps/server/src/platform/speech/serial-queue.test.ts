import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue';

/** A task the test finishes by hand, recording when it starts. */
function manualTask(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSerialQueue', () => {
  it('runs tasks one at a time, first in first out', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => manualTask(log, name));
    const results = [a, b, c].map((t) => t && queue.run(t.task));
    await settle();
    expect(log).toEqual(['start a']);
    expect(queue.stats()).toEqual({ running: 1, waiting: 2, peakRunning: 1 });

    b?.finish(); // finishing out of turn changes nothing: b has not started
    await settle();
    expect(log).toEqual(['start a']);

    a?.finish();
    await settle();
    // b was already done, so c follows at once.
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect(queue.stats()).toEqual({ running: 1, waiting: 0, peakRunning: 1 });
    c?.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
  });

  it('goes on with the next task after one fails or throws', async () => {
    const queue = createSerialQueue();
    const failing = queue.run(() => Promise.reject(new Error('boom')));
    const throwing = queue.run(() => {
      throw new Error('sync boom');
    });
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(throwing).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe('next');
  });

  it('takes an aborted waiting task out of the queue and signals the running one', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const first = manualTask(log, 'first');
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const running = queue.run((signal) => {
      seen = signal;
      return first.task();
    }, controller.signal);
    const waiting = queue.run(manualTask(log, 'never').task, controller.signal);
    await settle();

    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    expect(seen?.aborted).toBe(true);
    first.fail(new Error('stopped'));
    await expect(running).rejects.toThrow('stopped');
    await expect(queue.run(async () => 'after', controller.signal)).rejects.toThrow('cancelled');
    expect(log).toEqual(['start first']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
  });
});
