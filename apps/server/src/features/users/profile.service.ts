import type { ProfileUpdate } from '@agora/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  keep,
  release,
  stage,
  sweep,
  type StagedObject,
  type Storage,
} from '../../platform/storage';
import { encodeAvatar } from './avatar';
import { users, type UserRow } from './users.tables';

export interface ProfileDeps {
  db: Database;
  storage: Storage;
}

export async function getOwnProfile(db: Database, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw new AppError('not_found', 'This account no longer exists.');
  return row;
}

/** By numeric id or by username (usernames are never only digits). Deleted accounts are not found. */
export async function findPublicProfile(db: Database, idOrUsername: string): Promise<UserRow> {
  const byId = /^\d{1,15}$/.test(idOrUsername);
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        byId
          ? eq(users.id, Number(idOrUsername))
          : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`,
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw new AppError('not_found', 'There is no member with this name.');
  return row;
}

/**
 * Saves the given fields (an empty country clears it) and, with `avatar`, a new picture, kept
 * by its content hash; the previous picture's bytes go once nothing else uses them.
 */
export async function updateProfile(
  { db, storage }: ProfileDeps,
  id: number,
  changes: Partial<ProfileUpdate>,
  avatar?: Buffer,
): Promise<UserRow> {
  const before = await getOwnProfile(db, id);
  let staged: StagedObject | undefined;
  if (avatar) {
    const encoded = await encodeAvatar(avatar);
    staged = await stage(
      storage,
      encoded,
      { folder: 'avatars', extension: 'webp' },
      { contentType: 'image/webp' },
    );
  }
  const { country, ...rest } = changes;
  const values = {
    ...rest,
    ...(country !== undefined && { country: country === '' ? null : country }),
    ...(staged && { avatarKey: staged.key }),
  };
  if (Object.keys(values).length === 0) return before;
  let outcome: { row: UserRow | undefined; replaced: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      if (!row || !staged) return { row, replaced: null };
      await keep(tx, storage, staged);
      if (before.avatarKey) await release(tx, before.avatarKey);
      return { row, replaced: before.avatarKey };
    });
  } catch (error) {
    if (staged) await storage.delete(staged.stagingKey);
    throw error;
  }
  if (!outcome.row) {
    if (staged) await storage.delete(staged.stagingKey);
    throw new AppError('not_found', 'This account no longer exists.');
  }
  if (outcome.replaced) await sweep(db, storage, outcome.replaced);
  return outcome.row;
}
