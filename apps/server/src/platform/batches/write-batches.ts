/** One item's outcome in a batch write, in the shape of `Promise.allSettled`. */
export type Settled<Out> = PromiseSettledResult<Out>;

/** Writes a batch of items; one outcome per item, in their order. */
export type BatchWrite<In, Out> = (items: In[]) => Promise<Settled<Out>[]>;

export interface WriteBatchesOptions<In> {
  /** The most items written at once. */
  max: number;
  /**
   * Items of the same key go in separate writes, in their order (a member's second ballot for
   * a poll waits for the first one's write, so it replaces it); no key, no such rule.
   */
  key?: (item: In) => string;
}

/**
 * Writes items in batches, as a database groups commits: while one write is in flight, the
 * items that arrive wait, then all go in the next write, so a burst pays one round trip (or one
 * transaction) for all of them rather than each its own. A write starts one turn of the event
 * loop after its first item: a write ends in a microtask, before the event loop reads the
 * requests that arrived meanwhile, and the turn lets them join the batch rather than wait for
 * the next. If a write fails as a whole, each of its items is written again alone, so only a
 * bad one fails. Returns the function that writes one item and answers its outcome.
 */
export function createWriteBatches<In, Out>(
  write: BatchWrite<In, Out>,
  options: WriteBatchesOptions<In>,
): (item: In) => Promise<Out> {
  interface Waiting {
    item: In;
    resolve(value: Out): void;
    reject(reason: unknown): void;
  }
  const waiting: Waiting[] = [];
  let writing = false;

  function takeBatch(): Waiting[] {
    const taken: Waiting[] = [];
    const seen = new Set<string>();
    const left: Waiting[] = [];
    for (const one of waiting) {
      const key = options.key?.(one.item);
      if (taken.length >= options.max || (key !== undefined && seen.has(key))) {
        left.push(one);
        continue;
      }
      if (key !== undefined) seen.add(key);
      taken.push(one);
    }
    waiting.splice(0, waiting.length, ...left);
    return taken;
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    let outcomes: Settled<Out>[];
    try {
      outcomes = await write(batch.map((one) => one.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const one of batch) await writeBatch([one]);
      return;
    }
    batch.forEach((one, index) => {
      const outcome = outcomes[index];
      if (outcome?.status === 'fulfilled') one.resolve(outcome.value);
      else one.reject(outcome ? outcome.reason : new Error('the batch write gave no outcome'));
    });
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await writeBatch(takeBatch());
    }
    writing = false;
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      void drain();
    });
}
