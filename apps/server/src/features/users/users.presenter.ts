import { isStaffRole, type PrivateUser, type PublicProfile } from '@agora/shared';
import type { Storage } from '../../platform/storage';
import type { UserRow } from './users.tables';

/** What a member sees of their own account. */
export function presentPrivateUser(row: UserRow, storage: Storage, now = new Date()): PrivateUser {
  return {
    ...presentPublicProfile(row, storage),
    email: row.email ?? '',
    emailVerified: row.emailVerified,
    isTwoFaOn: row.isTwoFaOn,
    notificationsOn: row.notificationsOn,
    hasPassword: row.passwordHash !== null,
    isStaff: isStaffRole(row.role),
    silence:
      row.silencedUntil && row.silencedUntil > now
        ? { until: row.silencedUntil.toISOString(), reason: row.silenceReason ?? '' }
        : null,
  };
}

/** What any member sees of another: no email, no settings. */
export function presentPublicProfile(row: UserRow, storage: Storage): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    avatar: row.avatarKey ? storage.url(row.avatarKey) : null,
    country: row.country,
    dateJoined: row.createdAt.toISOString(),
    role: row.role,
  };
}
