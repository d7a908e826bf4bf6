import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { users } from './users.tables';

export interface StaffChange {
  /** The member's username as they spell it. */
  username: string;
  /** False when the member already had (or already lacked) staff rights. */
  changed: boolean;
}

/**
 * Grants (`isStaff` true) or revokes staff rights of the live member with this username, any
 * case; undefined when there is no such member. Signed-in sessions see the change within the
 * auth guard's cache time.
 */
export async function setStaff(
  db: Database,
  username: string,
  isStaff: boolean,
): Promise<StaffChange | undefined> {
  const named = and(
    sql`lower(${users.username}) = ${username.trim().toLowerCase()}`,
    isNull(users.deletedAt),
  );
  const [updated] = await db
    .update(users)
    .set({ isStaff })
    .where(and(named, ne(users.isStaff, isStaff)))
    .returning({ username: users.username });
  if (updated) return { username: updated.username, changed: true };
  const [unchanged] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(named, eq(users.isStaff, isStaff)));
  return unchanged && { username: unchanged.username, changed: false };
}
