import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@agora/shared';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { users } from '../users';

/** More names than this in one post notify only the first ones: a post cannot page a crowd. */
export const MAX_MENTIONS_PER_POST = 10;

/** `@name` at the start or after a character that cannot end an e-mail address's local part. */
const MENTION = /(?<![\w.+-])@([A-Za-z0-9_.-]+)/g;
const FENCED_CODE = /```[\s\S]*?```|~~~[\s\S]*?~~~/g;
const INLINE_CODE = /`[^`\n]*`/g;

/**
 * The distinct usernames `@`-mentioned in a Markdown text (lower-cased, in order of first
 * appearance, at most MAX_MENTIONS_PER_POST). Code is skipped: `@decorator` in a snippet names
 * nobody. Dots and hyphens ending a name are punctuation ("thanks @ada.").
 */
export function mentionedUsernames(markdown: string): string[] {
  const prose = markdown.replace(FENCED_CODE, ' ').replace(INLINE_CODE, ' ');
  const names = new Set<string>();
  for (const match of prose.matchAll(MENTION)) {
    const name = (match[1] ?? '').replace(/[.-]+$/, '').toLowerCase();
    if (name.length < USERNAME_MIN_LENGTH || name.length > USERNAME_MAX_LENGTH) continue;
    names.add(name);
    if (names.size === MAX_MENTIONS_PER_POST) break;
  }
  return [...names];
}

/** Ids of the live members mentioned in the text, in one query. */
export async function findMentionedMembers(db: Database, markdown: string): Promise<number[]> {
  const names = mentionedUsernames(markdown);
  if (names.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}
