/** What a new member may do less of, and the limits as the environment states them. */
import type { LimitWindow } from './limit-windows';

/**
 * A member is new while their account is younger than `days` and they have liked fewer than
 * `graduateLikes` posts or comments (Discourse's trust level 0: reading and liking a few posts
 * earns the next level). Staff are never new. A limit of null does not apply.
 */
export interface NewMemberLimits {
  days: number;
  graduateLikes: number;
  /** Links in one post, comment or chat message, every text field of the write counted. */
  maxLinks: number | null;
  /** Distinct members `@`-mentioned in one post or comment. */
  maxMentions: number | null;
  /** Chats started (the chat-list start call); none: not limited. */
  chatStarts: LimitWindow[];
  /** Bytes of one uploaded file or avatar. */
  maxUploadBytes: number | null;
}

/** Each is the environment variable named by its key; README lists them. */
export const DEFAULT_NEW_MEMBER_LIMITS = {
  NEW_MEMBER_DAYS: '3',
  NEW_MEMBER_GRADUATE_LIKES: '5',
  NEW_MEMBER_MAX_LINKS: '2',
  NEW_MEMBER_MAX_MENTIONS: '2',
  NEW_MEMBER_CHAT_STARTS: '3/86400',
  NEW_MEMBER_MAX_UPLOAD_BYTES: String(1024 * 1024),
} as const;

/** What tests start from, so that only the test about a new member's limit meets it. */
export const NO_NEW_MEMBER_LIMITS: NewMemberLimits = {
  days: 3,
  graduateLikes: 5,
  maxLinks: null,
  maxMentions: null,
  chatStarts: [],
  maxUploadBytes: null,
};

/** A whole number of at least `least`, or `off` (null); undefined when malformed. */
export function parseLimitOrOff(value: string, least: number): number | null | undefined {
  const text = value.trim();
  if (text === 'off') return null;
  if (!/^\d+$/.test(text) || Number(text) < least) return undefined;
  return Number(text);
}
