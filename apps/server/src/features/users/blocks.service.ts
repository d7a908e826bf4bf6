import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findUserById } from './users.service';
import { userBlocks } from './users.tables';

/**
 * `blocker` has blocked `blocked`, as a condition other statements embed (a member id, or a
 * column of the outer query wrapped in `sql` so it keeps its table name).
 */
export const blockExists = (blocker: SQL | number, blocked: SQL | number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blocker} and ${userBlocks.blockedId} = ${blocked})`;

/** True when `blockerId` has blocked `blockedId` (one direction only). */
export async function hasBlocked(
  db: Database,
  blockerId: number,
  blockedId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/** `blockerId` blocks `blockedId`; blocking again changes nothing. */
export async function blockMember(
  db: Database,
  blockerId: number,
  blockedId: number,
  now: Date,
): Promise<void> {
  await db
    .insert(userBlocks)
    .values({ blockerId, blockedId, createdAt: now })
    .onConflictDoNothing({ target: [userBlocks.blockerId, userBlocks.blockedId] });
}

/** `blockerId` lifts their block of `blockedId`; the other member's block, if any, stays. */
export async function unblockMember(
  db: Database,
  blockerId: number,
  blockedId: number,
): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** Both directions of the block between the viewer and a member, in one query. */
export async function blockStateBetween(
  db: Database,
  viewerId: number,
  memberId: number,
): Promise<{ blockedByMe: boolean; blockedByOther: boolean }> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, memberId)),
        and(eq(userBlocks.blockerId, memberId), eq(userBlocks.blockedId, viewerId)),
      ),
    );
  return {
    blockedByMe: rows.some((row) => row.blockerId === viewerId),
    blockedByOther: rows.some((row) => row.blockerId === memberId),
  };
}

const userIdError = (message: string) => AppError.fields({ user_id: [message] });

/**
 * The viewer blocks (`blocked` true) or unblocks another live member from their profile.
 * Returns both directions of the block afterwards.
 */
export async function setProfileBlock(
  db: Database,
  viewerId: number,
  memberId: number,
  blocked: boolean,
  now: Date,
): Promise<{ blockedByMe: boolean; blockedByOther: boolean }> {
  if (memberId === viewerId) throw userIdError('Choose another member; you cannot block yourself.');
  if (!(await findUserById(db, memberId))) {
    throw userIdError('This member does not exist or has left Agora.');
  }
  if (blocked) await blockMember(db, viewerId, memberId, now);
  else await unblockMember(db, viewerId, memberId);
  return blockStateBetween(db, viewerId, memberId);
}
