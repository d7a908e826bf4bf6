import { SEARCH_RESULTS_MAX, type MemberHit } from '@agora/shared';
import { and, asc, desc, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { users } from './users.tables';

/** `%`, `_` and `\` match literally in a LIKE pattern once escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Live members whose username or name matches `q`: the exact username first, then usernames
 * starting with it, then names with a word starting with it, then similar spellings (pg_trgm
 * `%`, similarity at least 0.3), each group most similar first. Every condition is served by
 * the trigram indexes on `lower(username)` and `lower(first_name || ' ' || last_name)`.
 */
export async function searchMembers(
  db: Database,
  storage: Storage,
  q: string,
): Promise<MemberHit[]> {
  const term = q.trim().toLowerCase();
  const prefix = `${escapeLike(term)}%`;
  const laterWord = `% ${escapeLike(term)}%`;
  const username = sql`lower(${users.username})`;
  const name = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
  const usernameStarts = sql`${username} like ${prefix}`;
  const nameStarts = sql`(${name} like ${prefix} or ${name} like ${laterWord})`;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarKey: users.avatarKey,
    })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(
          usernameStarts,
          sql`${username} % ${term}`,
          sql`${name} like ${prefix}`,
          sql`${name} like ${laterWord}`,
          sql`${name} % ${term}`,
        ),
      ),
    )
    .orderBy(
      desc(sql`${username} = ${term}`),
      desc(usernameStarts),
      desc(nameStarts),
      desc(sql`greatest(similarity(${username}, ${term}), similarity(${name}, ${term}))`),
      asc(username),
    )
    .limit(SEARCH_RESULTS_MAX);
  return rows.map(({ avatarKey, ...row }) => ({
    ...row,
    avatar: avatarKey ? storage.url(avatarKey) : null,
  }));
}
