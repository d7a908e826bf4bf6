import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { reservedUsernames, users, type UserRow } from './users.tables';

/** How long a deleted member's username stays unavailable. */
export const USERNAME_RESERVATION_DAYS = 30;
/** Deleted accounts are renamed to this; nobody may register such a name. */
const DELETED_USERNAME = /^deleted-\d+$/i;

export const normaliseEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : email.slice(0, at) + email.slice(at).toLowerCase();
};

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** The member holding this username or e-mail address, ignoring case; deleted accounts never. */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const lowered = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)),
    );
  return row;
}

/** Why a new member may not take this username, or undefined when it is free. */
export async function usernameProblem(
  db: Database,
  username: string,
  now: Date,
): Promise<string | undefined> {
  const lowered = username.toLowerCase();
  if (DELETED_USERNAME.test(username)) return 'This username is reserved; choose another.';
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${lowered}`);
  if (taken) return 'This username is already taken.';
  const [reserved] = await db
    .select({ until: reservedUsernames.until })
    .from(reservedUsernames)
    .where(and(eq(reservedUsernames.username, lowered), gt(reservedUsernames.until, now)));
  if (reserved) {
    return 'This username belonged to a deleted account and is not available yet; choose another.';
  }
  return undefined;
}

export async function emailProblem(db: Database, email: string): Promise<string | undefined> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return taken
    ? 'An account with this email address already exists; sign in or reset your password.'
    : undefined;
}

/** A free username made from a display name or an e-mail's local part (social sign-up). */
export async function deriveUsername(db: Database, source: string, now: Date): Promise<string> {
  let base = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '.')
    .replace(/[^a-z0-9_.-]/g, '')
    .slice(0, 24);
  if (base.length < 3 || /^\d+$/.test(base) || DELETED_USERNAME.test(base)) {
    base = `member${base}`.slice(0, 24);
  }
  if (!(await usernameProblem(db, base, now))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000 * (attempt + 1))}`;
    if (!(await usernameProblem(db, candidate, now))) return candidate;
  }
  throw new AppError('conflict', 'Could not find a free username; please try again.');
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  lastLoginAt?: Date;
}

export async function createUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

async function updateUser(
  db: Database,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  if (!row) throw new AppError('not_found', 'This account no longer exists.');
  return row;
}

export const recordLogin = (db: Database, id: number, at: Date) =>
  updateUser(db, id, { lastLoginAt: at });

export const markEmailVerified = (db: Database, id: number) =>
  updateUser(db, id, { emailVerified: true });

export const setPasswordHash = (db: Database, id: number, passwordHash: string) =>
  updateUser(db, id, { passwordHash });

export const setNotifications = (db: Database, id: number, notificationsOn: boolean) =>
  updateUser(db, id, { notificationsOn });

/** Flips two-factor sign-in; turning it on needs a verified address, since the links go there. */
export async function toggleTwoFactor(db: Database, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('not_found', 'This account no longer exists.');
  if (!user.isTwoFaOn && !user.emailVerified) {
    throw new AppError(
      'validation',
      'Verify your email address first: two-factor sign-in links are sent there.',
    );
  }
  return updateUser(db, id, { isTwoFaOn: !user.isTwoFaOn });
}

/**
 * Removes a deleted member's personal data; the row stays so their content keeps an author.
 * Returns the avatar key to delete from storage.
 */
export async function wipeUser(
  db: Database,
  id: number,
  now: Date,
): Promise<{ avatarKey: string | null }> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('not_found', 'This account no longer exists.');
  const until = new Date(now.getTime() + USERNAME_RESERVATION_DAYS * 24 * 60 * 60 * 1000);
  await db
    .insert(reservedUsernames)
    .values({ username: user.username.toLowerCase(), until })
    .onConflictDoUpdate({ target: reservedUsernames.username, set: { until } });
  await updateUser(db, id, {
    username: `deleted-${id}`,
    email: null,
    passwordHash: null,
    firstName: '',
    lastName: '',
    bio: '',
    avatarKey: null,
    country: null,
    emailVerified: false,
    isTwoFaOn: false,
    notificationsOn: false,
    deletedAt: now,
  });
  return { avatarKey: user.avatarKey };
}
