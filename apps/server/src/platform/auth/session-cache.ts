import type { MemberRole } from '@agora/shared';

/** Until when, and why, staff silenced a member. */
export interface Silence {
  until: Date;
  reason: string;
}

/** What the guard needs to know about a session; `active` is false once revoked or expired. */
export interface SessionState {
  userId: number;
  role: MemberRole;
  /** While staff have silenced the member. */
  silence: Silence | null;
  revoked: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
}

interface Entry {
  state: SessionState;
  cachedAt: number;
}

/**
 * Recently checked sessions, so a burst of requests costs one lookup. A revoked session is
 * kept as a tombstone that a lookup already in flight cannot overwrite: revocation holds at
 * once on this instance, and on the others as soon as the bus event arrives.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(sessionId: string, now: number): SessionState | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.#ttlMs && !entry.state.revoked) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.state;
  }

  /** Keeps a lookup's answer, unless the session was revoked meanwhile. */
  set(sessionId: string, state: SessionState, now: number): void {
    if (this.#entries.get(sessionId)?.state.revoked) return;
    this.#put(sessionId, state, now);
  }

  revoke(sessionId: string, userId: number, now: number): void {
    this.#entries.delete(sessionId);
    this.#put(
      sessionId,
      {
        userId,
        role: 'member',
        silence: null,
        revoked: true,
        expiresAt: new Date(0),
        lastSeenAt: new Date(0),
      },
      now,
    );
  }

  /**
   * Drops what is kept about this member's live sessions, so their next request reads their
   * role and silence afresh; revocations stay.
   */
  forgetMember(userId: number): void {
    for (const [sessionId, entry] of this.#entries) {
      if (entry.state.userId === userId && !entry.state.revoked) this.#entries.delete(sessionId);
    }
  }

  #put(sessionId: string, state: SessionState, now: number): void {
    this.#entries.delete(sessionId);
    this.#entries.set(sessionId, { state, cachedAt: now });
    // Oldest first: a Map iterates in insertion order.
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
