import { describe, expect, it } from 'vitest';
import { createLanes } from './lanes';

/** A piece of work that records when it starts and ends, and ends when told to. */
function step(log: string[], name: string) {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      try {
        await done;
      } finally {
        log.push(`end ${name}`);
      }
    },
    finish,
    fail,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('lanes', () => {
  it('runs the work of one key one at a time, in order, though more could run', async () => {
    const lanes = createLanes(4);
    const log: string[] = [];
    const first = step(log, 'a1');
    const second = step(log, 'a2');
    const third = step(log, 'a3');
    const runs = [first, second, third].map((item) => lanes.run(1, item.work));

    await settle();
    expect(log).toEqual(['start a1']);
    first.finish();
    await settle();
    expect(log).toEqual(['start a1', 'end a1', 'start a2']);
    second.finish();
    third.finish();
    await Promise.all(runs);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
  });

  it('runs different keys side by side, never more than its concurrency', async () => {
    const lanes = createLanes(2);
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const c = step(log, 'c');
    const runs = [a, b, c].map((item, key) => lanes.run(key, item.work));

    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    a.finish();
    c.finish();
    await Promise.all(runs);
  });

  it('goes on with a key after a failure, which its own run reports', async () => {
    const lanes = createLanes(2);
    const log: string[] = [];
    const broken = step(log, 'a1');
    const next = step(log, 'a2');
    const failed = lanes.run(1, broken.work);
    const after = lanes.run(1, next.work);

    broken.fail(new Error('no database'));
    await expect(failed).rejects.toThrow('no database');
    next.finish();
    await after;
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2']);
  });
});
