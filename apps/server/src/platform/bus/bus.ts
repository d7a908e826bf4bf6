import type { FastifyBaseLogger } from 'fastify';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type BusHandler = (payload: JsonValue) => void | Promise<void>;
export type Unsubscribe = () => Promise<void>;

/**
 * Fan-out of JSON events between app instances. Delivery is asynchronous and at most once;
 * every subscriber, on any instance, receives its own parsed copy of the payload.
 */
export interface Bus {
  publish(topic: string, payload: JsonValue): Promise<void>;
  /** Resolves once events published from now on will reach the handler. */
  subscribe(topic: string, handler: BusHandler): Promise<Unsubscribe>;
  /**
   * Resolves once the handlers of every event this instance has received so far have finished
   * (what their promises wait for included): for a clean stop, and for tests.
   */
  idle(): Promise<void>;
  /**
   * A number every instance reads alike, which `advance` raises at once for all of them: the
   * version of some shared state, so a copy made under an older version is known to be stale.
   */
  version(name: string): Promise<number>;
  advance(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Local bookkeeping both implementations share: which handlers listen to which topic. */
export class TopicHandlers {
  readonly #handlers = new Map<string, Set<BusHandler>>();
  readonly #running = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  /** Returns true when this is the topic's first handler. */
  add(topic: string, handler: BusHandler): boolean {
    const handlers = this.#handlers.get(topic);
    if (handlers) {
      handlers.add(handler);
      return false;
    }
    this.#handlers.set(topic, new Set([handler]));
    return true;
  }

  /** Returns true when the topic has no handler left. */
  remove(topic: string, handler: BusHandler): boolean {
    const handlers = this.#handlers.get(topic);
    if (!handlers?.delete(handler) || handlers.size > 0) return false;
    this.#handlers.delete(topic);
    return true;
  }

  /** A failing handler is logged and does not keep the others from running. */
  dispatch(topic: string, message: string): void {
    for (const handler of this.#handlers.get(topic) ?? []) {
      const running = Promise.resolve()
        .then(() => handler(JSON.parse(message) as JsonValue))
        .catch((error: unknown) => this.#log.error({ err: error, topic }, 'bus handler failed'))
        .finally(() => this.#running.delete(running));
      this.#running.add(running);
    }
  }

  /** Resolves once no handler is running, those started meanwhile included. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
