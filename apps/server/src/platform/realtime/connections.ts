import type { WebSocket } from 'ws';

/** One socket open on this instance; a signed-out visitor's (open routes only) has no member. */
export interface Connection {
  userId: number | null;
  sessionId: string | null;
  path: string;
  socket: WebSocket;
  /** Unique in the cluster: this instance's name and a number. */
  key: string;
  /** Milliseconds since the epoch. */
  openedAt: number;
}

/** This instance's open sockets, found by member (deliveries) and by session (revocations). */
export class ConnectionRegistry {
  readonly #byUser = new Map<number, Set<Connection>>();
  /** Signed-out visitors' sockets: nothing is delivered to them by member, but they are closed at stop. */
  readonly #signedOut = new Set<Connection>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  add(connection: Connection): void {
    this.#size += 1;
    if (connection.userId === null) {
      this.#signedOut.add(connection);
      return;
    }
    let set = this.#byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(connection.userId, set);
    }
    set.add(connection);
  }

  remove(connection: Connection): void {
    if (connection.userId === null) {
      if (this.#signedOut.delete(connection)) this.#size -= 1;
      return;
    }
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

  /** The member's sockets on this instance, oldest first. */
  ofMember(userId: number): Connection[] {
    return [...(this.#byUser.get(userId) ?? [])];
  }

  *ofSession(userId: number, sessionId: string): Iterable<Connection> {
    for (const connection of this.#byUser.get(userId) ?? []) {
      if (connection.sessionId === sessionId) yield connection;
    }
  }

  *all(): Iterable<Connection> {
    for (const set of this.#byUser.values()) yield* set;
    yield* this.#signedOut;
  }
}
