import type { JsonValue } from '../bus';

/** A member's socket anywhere in the cluster, named uniquely by the instance that holds it. */
export interface SocketMark {
  key: string;
  openedAt: number;
}

export interface SocketEvent extends SocketMark {
  userId: number;
  instance: string;
}

export const SOCKET_OPENED_TOPIC = 'realtime.socket-opened';
export const SOCKET_CLOSED_TOPIC = 'realtime.socket-closed';
/** Payload `{ instance }`: an instance stopping cleanly; its sockets are gone. */
export const INSTANCE_STOPPED_TOPIC = 'realtime.instance-stopped';

const MARK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function isSocketEvent(
  payload: JsonValue,
): payload is SocketEvent & Record<string, JsonValue> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  return (
    typeof payload.userId === 'number' &&
    typeof payload.key === 'string' &&
    typeof payload.openedAt === 'number' &&
    typeof payload.instance === 'string'
  );
}

/**
 * The sockets members hold on the other instances, as their `socket-opened` and `socket-closed`
 * events told. With this instance's own, it makes the member's count across the cluster: each
 * instance closes those of its own sockets that are among the member's oldest past the limit,
 * so the cluster keeps the newest `max` without any instance closing another's.
 *
 * An instance that stops says so, and its marks go. One that dies leaves them: they count
 * against their member for at most MARK_LIFETIME_MS (a socket open longer simply stops
 * counting elsewhere).
 */
export class RemoteSockets {
  readonly #byUser = new Map<number, Map<string, number>>();

  opened(event: SocketEvent): void {
    let marks = this.#byUser.get(event.userId);
    if (!marks) {
      marks = new Map();
      this.#byUser.set(event.userId, marks);
    }
    marks.set(event.key, event.openedAt);
  }

  closed(event: Pick<SocketEvent, 'userId' | 'key'>): void {
    const marks = this.#byUser.get(event.userId);
    if (!marks?.delete(event.key) || marks.size > 0) return;
    this.#byUser.delete(event.userId);
  }

  /** Forgets every mark of a stopped instance (keys start with its name). */
  stopped(instance: string): void {
    for (const [userId, marks] of this.#byUser) {
      for (const key of marks.keys()) {
        if (key.startsWith(`${instance}:`)) this.closed({ userId, key });
      }
    }
  }

  /** The member's marks, dropping those older than MARK_LIFETIME_MS. */
  of(userId: number, now: number): SocketMark[] {
    const marks = this.#byUser.get(userId);
    if (!marks) return [];
    for (const [key, openedAt] of marks) {
      if (now - openedAt > MARK_LIFETIME_MS) this.closed({ userId, key });
    }
    return [...marks].map(([key, openedAt]) => ({ key, openedAt }));
  }
}

/** The keys of the oldest marks past `max`, oldest first (ties broken by key, alike everywhere). */
export function pastLimit(marks: SocketMark[], max: number): Set<string> {
  if (marks.length <= max) return new Set();
  const sorted = [...marks].sort((a, b) => a.openedAt - b.openedAt || a.key.localeCompare(b.key));
  return new Set(sorted.slice(0, sorted.length - max).map((mark) => mark.key));
}
