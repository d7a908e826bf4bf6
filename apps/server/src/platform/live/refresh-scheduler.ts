/**
 * When the watchers of each object hear about its changes. A burst of changes to one object
 * makes a single refresh `intervalMs` after the first of them (trailing edge): a hundred votes
 * a second cost each instance four reads of that poll, not a hundred. One object's refreshes
 * and snapshots run one after another, so a watcher never receives older counts after newer.
 */
export class RefreshScheduler {
  readonly #intervalMs: number;
  readonly #refresh: (key: string) => Promise<void>;
  readonly #onError: (error: unknown, key: string) => void;
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #tails = new Map<string, Promise<void>>();
  #closed = false;

  constructor(options: {
    intervalMs: number;
    /** Reads the object of `key` and sends its watchers the result. */
    refresh: (key: string) => Promise<void>;
    /** A failed refresh or snapshot; the next change tries again. */
    onError: (error: unknown, key: string) => void;
  }) {
    this.#intervalMs = options.intervalMs;
    this.#refresh = options.refresh;
    this.#onError = options.onError;
  }

  /** The object of `key` changed: its refresh runs at the end of the current interval. */
  changed(key: string): void {
    if (this.#closed || this.#timers.has(key)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(key);
      void this.inTurn(key, () => this.#refresh(key));
    }, this.#intervalMs);
    this.#timers.set(key, timer);
  }

  /** Runs `work` for `key` once the key's earlier work has finished; never rejects. */
  inTurn(key: string, work: () => Promise<void>): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const tail: Promise<void> = previous
      .then(work)
      .catch((error: unknown) => this.#onError(error, key))
      .finally(() => {
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      });
    this.#tails.set(key, tail);
    return tail;
  }

  /** Drops the refreshes still waiting and resolves once those running have finished. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    await Promise.all(this.#tails.values());
  }
}
