import type { MemberRole } from '@agora/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { users, type UserRow } from './users.tables';

/** The live member with this username, any case, locked until the transaction ends. */
export async function lockMemberByUsername(
  db: Database,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.trim().toLowerCase()}`,
        isNull(users.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export interface RoleChange {
  id: number;
  /** The member's username as they spell it. */
  username: string;
  before: MemberRole;
  role: MemberRole;
}

/**
 * Gives the live member with this username (any case) the role; undefined when there is no
 * such member. `before` equals `role` when nothing changed. Call it in a transaction when
 * more is written with it (the audit entry). Signed-in sessions see the change within the
 * auth guard's cache time unless the caller tells the guard (`app.auth.memberChanged`).
 */
export async function setRole(
  db: Database,
  username: string,
  role: MemberRole,
): Promise<RoleChange | undefined> {
  const row = await lockMemberByUsername(db, username);
  if (!row) return undefined;
  const change = { id: row.id, username: row.username, before: row.role, role };
  if (row.role !== role) await db.update(users).set({ role }).where(eq(users.id, row.id));
  return change;
}
