/**
 * Results computed at most once per key while held. Callers asking for a key that is being
 * computed share its promise, so a refresh falling due under load is computed once, not once
 * per waiting request; a computation that fails is forgotten at once. At most `capacity` keys
 * are held, the oldest dropped first, so keys that embed a moment (a refresh period) need no
 * sweeping.
 */
export class Memo<Value> {
  private readonly held = new Map<string, Promise<Value>>();

  constructor(private readonly capacity: number) {}

  get(key: string, compute: () => Promise<Value>): Promise<Value> {
    const held = this.held.get(key);
    if (held) return held;
    const computed = compute();
    this.held.set(key, computed);
    computed.catch(() => {
      if (this.held.get(key) === computed) this.held.delete(key);
    });
    if (this.held.size > this.capacity) {
      const [oldest] = this.held.keys();
      if (oldest !== undefined) this.held.delete(oldest);
    }
    return computed;
  }

  /** Forgets every result: the next request for any key computes it again. */
  clear(): void {
    this.held.clear();
  }
}
