export interface SerialQueueStats {
  /** Tasks running now: 0 or 1. */
  running: number;
  /** Tasks waiting for their turn. */
  waiting: number;
  /** The most tasks ever seen running at once (instrumentation for tests: always ≤ 1). */
  peakRunning: number;
}

export interface SerialQueue {
  /**
   * Runs `task` once every task queued before it has settled. Aborting `signal` takes a
   * waiting task out of the queue (rejecting with the signal's reason); a running task gets
   * the signal and must stop itself.
   */
  run<T>(task: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
  stats(): SerialQueueStats;
}

/** A first-in, first-out queue that runs one task at a time. */
export function createSerialQueue(): SerialQueue {
  const waiting: (() => void)[] = [];
  let running = 0;
  let peakRunning = 0;

  const startNext = () => {
    if (running === 0) waiting.shift()?.();
  };

  return {
    run(task, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const onAbort = () => {
          const index = waiting.indexOf(start);
          if (index >= 0) {
            waiting.splice(index, 1);
            reject(signal?.reason);
          }
        };
        const start = () => {
          signal?.removeEventListener('abort', onAbort);
          running += 1;
          peakRunning = Math.max(peakRunning, running);
          Promise.resolve()
            .then(() => task(signal))
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              startNext();
            });
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(start);
        startNext();
      });
    },
    stats: () => ({ running, waiting: waiting.length, peakRunning }),
  };
}
