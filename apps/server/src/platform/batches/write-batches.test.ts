import { describe, expect, it } from 'vitest';
import { createWriteBatches, type Settled } from './write-batches';

const fulfilled = <T>(value: T): Settled<T> => ({ status: 'fulfilled', value });

/** A write that records each batch it is given and answers each item doubled. */
function recorder() {
  const batches: number[][] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return items.map((item) => fulfilled(item * 2));
  };
  return { batches, write };
}

describe('createWriteBatches', () => {
  it('writes the items of one turn of the event loop together, answering each its own', async () => {
    const { batches, write } = recorder();
    const send = createWriteBatches(write, { max: 100 });

    expect(await Promise.all([1, 2, 3].map(send))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes what arrives during a write in the next one, at most `max` at a time', async () => {
    const { batches, write } = recorder();
    const send = createWriteBatches(write, { max: 2 });
    const first = send(1);
    await new Promise<void>((resolve) => setImmediate(resolve));

    const rest = await Promise.all([2, 3, 4, 5, 6].map(send));

    expect(await first).toBe(2);
    expect(rest).toEqual([4, 6, 8, 10, 12]);
    expect(batches).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('puts items of the same key in separate writes, in their order', async () => {
    const { batches, write } = recorder();
    const send = createWriteBatches(write, { max: 100, key: (item) => String(item % 10) });

    await Promise.all([1, 11, 2, 21].map(send));

    expect(batches).toEqual([[1, 2], [11], [21]]);
  });

  it('answers an item refused by the write its own reason, the others their values', async () => {
    const refused = new Error('odd one out');
    const send = createWriteBatches(
      async (items: number[]) =>
        items.map((item): Settled<number> =>
          item === 2 ? { status: 'rejected', reason: refused } : fulfilled(item),
        ),
      { max: 100 },
    );

    const outcomes = await Promise.allSettled([1, 2, 3].map(send));

    expect(outcomes).toEqual([fulfilled(1), { status: 'rejected', reason: refused }, fulfilled(3)]);
  });

  it('writes each item of a failed batch again alone, so only the bad one fails', async () => {
    const batches: number[][] = [];
    const broken = new Error('the batch failed');
    const send = createWriteBatches(
      async (items: number[]) => {
        batches.push(items);
        if (items.includes(2)) throw broken;
        return items.map(fulfilled);
      },
      { max: 100 },
    );

    const outcomes = await Promise.allSettled([1, 2, 3].map(send));

    expect(outcomes).toEqual([fulfilled(1), { status: 'rejected', reason: broken }, fulfilled(3)]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
