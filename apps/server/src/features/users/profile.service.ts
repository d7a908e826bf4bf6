import { randomUUID } from 'node:crypto';
import type { ProfileUpdate } from '@agora/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
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

/** Saves the given fields (an empty country clears it) and, with `avatar`, a new picture. */
export async function updateProfile(
  { db, storage }: ProfileDeps,
  id: number,
  changes: Partial<ProfileUpdate>,
  avatar?: Buffer,
): Promise<UserRow> {
  const before = await getOwnProfile(db, id);
  let avatarKey: string | undefined;
  if (avatar) {
    const encoded = await encodeAvatar(avatar);
    avatarKey = `avatars/${id}/${randomUUID()}.webp`;
    await storage.put(avatarKey, encoded, { contentType: 'image/webp' });
  }
  const { country, ...rest } = changes;
  const values = {
    ...rest,
    ...(country !== undefined && { country: country === '' ? null : country }),
    ...(avatarKey && { avatarKey }),
  };
  if (Object.keys(values).length === 0) return before;
  let row: UserRow | undefined;
  try {
    [row] = await db
      .update(users)
      .set(values)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
  } catch (error) {
    if (avatarKey) await storage.delete(avatarKey);
    throw error;
  }
  if (!row) {
    if (avatarKey) await storage.delete(avatarKey);
    throw new AppError('not_found', 'This account no longer exists.');
  }
  if (avatarKey && before.avatarKey) await storage.delete(before.avatarKey);
  return row;
}
