import type { WebSocket } from 'ws';

/** One authenticated socket open on this instance. */
export interface Connection {
  userId: number;
  sessionId: string;
  path: string;
  socket: WebSocket;
}

/** This instance's open sockets, found by member (deliveries) and by session (revocations). */
export class ConnectionRegistry {
  readonly #byUser = new Map<number, Set<Connection>>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  add(connection: Connection): void {
    let set = this.#byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(connection.userId, set);
    }
    set.add(connection);
    this.#size += 1;
  }

  remove(connection: Connection): void {
    const set = this.#byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    this.#size -= 1;
    if (set.size === 0) this.#byUser.delete(connection.userId);
  }

  *of(userId: number, path: string): Iterable<Connection> {
    for (const connection of this.#byUser.get(userId) ?? []) {
      if (connection.path === path) yield connection;
    }
  }

  *ofSession(userId: number, sessionId: string): Iterable<Connection> {
    for (const connection of this.#byUser.get(userId) ?? []) {
      if (connection.sessionId === sessionId) yield connection;
    }
  }

  *all(): Iterable<Connection> {
    for (const set of this.#byUser.values()) yield* set;
  }
}
