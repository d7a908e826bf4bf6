import pLimit from 'p-limit';

/** Work queued under keys: in order within a key, different keys side by side. */
export interface Lanes {
  /**
   * Runs `work` after the work queued before under `key` has finished (failed or not), once
   * fewer than the lanes' concurrency are running. Settles as `work` does.
   */
  run(key: number, work: () => Promise<void>): Promise<void>;
}

export function createLanes(concurrency: number): Lanes {
  const limit = pLimit(concurrency);
  /** The last work queued under each key that has not finished, never rejecting. */
  const tails = new Map<number, Promise<void>>();
  return {
    run(key, work) {
      const result = (tails.get(key) ?? Promise.resolve()).then(() => limit(work));
      const tail = result.then(
        () => {},
        () => {},
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
