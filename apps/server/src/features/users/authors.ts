import { isStaffRole, type Author, type MemberRole } from '@agora/shared';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { users } from './users.tables';

/** The columns an author card is made from; select them beside content to save a query. */
export const authorColumns = {
  id: users.id,
  username: users.username,
  avatarKey: users.avatarKey,
  role: users.role,
};

/** An author card from `authorColumns`: staff carry their role, for a badge. */
export function authorCard(
  storage: Storage,
  row: { id: number; username: string; avatarKey: string | null; role?: MemberRole },
): Author {
  const card: Author = {
    id: row.id,
    username: row.username,
    avatar: row.avatarKey ? storage.url(row.avatarKey) : null,
  };
  if (row.role && isStaffRole(row.role)) card.role = row.role;
  return card;
}

/**
 * The author cards of many members in one query, for lists of content. Deleted accounts still
 * have a card (their renamed username, no avatar) so their content keeps an author.
 */
export async function findAuthors(
  db: Database,
  storage: Storage,
  ids: Iterable<number>,
): Promise<Map<number, Author>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(authorColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, authorCard(storage, row)]));
}

/** The id of the live member with this username (any case), or undefined. */
export async function findUserIdByUsername(
  db: Database,
  username: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.trim().toLowerCase()}`,
        isNull(users.deletedAt),
      ),
    );
  return row?.id;
}
