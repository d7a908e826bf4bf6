import {
  isStaffRole,
  MEMBER_STANDING_SEARCH_SIZE,
  RESTRICTION_MAX_DAYS,
  ROLE_LABELS,
  type LiftRestriction,
  type MemberRole,
  type MemberStanding,
} from '@agora/shared';
import { and, asc, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { untilText, type AuthUser, type RevokedSession } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { revokeMemberSessions } from '../auth';
import { lockMemberByUsername, setRole, users, type UserRow } from '../users';
import { recordStaffAction } from './audit.service';
import type { ModerationContext } from './moderation.context';

export type RestrictionKind = 'silence' | 'suspend';

const DAY_MS = 86_400_000;

function present(ctx: ModerationContext, row: UserRow, now: Date): MemberStanding {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatarKey ? ctx.storage.url(row.avatarKey) : null,
    role: row.role,
    dateJoined: row.createdAt.toISOString(),
    silence:
      row.silencedUntil && row.silencedUntil > now
        ? { until: row.silencedUntil.toISOString(), reason: row.silenceReason ?? '' }
        : null,
    suspension:
      row.suspendedUntil && row.suspendedUntil > now
        ? { until: row.suspendedUntil.toISOString(), reason: row.suspendReason ?? '' }
        : null,
  };
}

const noSuchMember = (username: string) =>
  new AppError('not_found', `No member is called "${username}"; check the spelling.`);

/** A member's standing, any case of their username; a 404 when there is no such member. */
export async function findStanding(
  ctx: ModerationContext,
  username: string,
): Promise<MemberStanding> {
  const row = await ctx.db.transaction((tx) => lockMemberByUsername(tx, username));
  if (!row) throw noSuchMember(username);
  return present(ctx, row, ctx.now());
}

/**
 * Members whose username starts with `q` (any case); without `q`, the staff and the members
 * silenced or suspended now: who the staff page shows first.
 */
export async function searchStandings(
  ctx: ModerationContext,
  q: string | undefined,
): Promise<MemberStanding[]> {
  const now = ctx.now();
  const prefix = q?.trim().toLowerCase();
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        prefix
          ? sql`lower(${users.username}) like ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}`
          : or(
              ne(users.role, 'member'),
              gt(users.silencedUntil, now),
              gt(users.suspendedUntil, now),
            ),
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(MEMBER_STANDING_SEARCH_SIZE);
  return rows.map((row) => present(ctx, row, now));
}

/** Staff act on members, never on staff or themselves: an admin first makes them a member. */
function assertMayRestrict(staff: AuthUser, target: UserRow, kind: RestrictionKind): void {
  const verb = kind === 'silence' ? 'silence' : 'suspend';
  if (target.id === staff.id) {
    throw new AppError('forbidden', `You cannot ${verb} yourself.`);
  }
  if (isStaffRole(target.role)) {
    throw new AppError(
      'forbidden',
      `${target.username} is ${ROLE_LABELS[target.role].toLowerCase()}: an admin must make them a member before anyone can ${verb} them.`,
    );
  }
}

function checkUntil(until: Date, now: Date): void {
  if (until.getTime() <= now.getTime()) {
    throw AppError.fields({ until: ['Choose an end in the future.'] });
  }
  if (until.getTime() - now.getTime() > RESTRICTION_MAX_DAYS * DAY_MS) {
    throw AppError.fields({
      until: [`Choose an end within ${RESTRICTION_MAX_DAYS / 365} years.`],
    });
  }
}

/**
 * Silences (reads but cannot post, comment, chat, upload or change their profile) or suspends (cannot sign in; every
 * session and socket ends now) the member until `until`, with the reason they are shown. A new
 * silence or suspension replaces one in force. One audit entry.
 */
export async function restrictMember(
  ctx: ModerationContext,
  staff: AuthUser,
  username: string,
  kind: RestrictionKind,
  input: { until: string; reason: string },
): Promise<MemberStanding> {
  const now = ctx.now();
  const until = new Date(input.until);
  checkUntil(until, now);
  let revoked: RevokedSession[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockMemberByUsername(tx, username);
    if (!target) throw noSuchMember(username);
    assertMayRestrict(staff, target, kind);
    const [updated] = await tx
      .update(users)
      .set(
        kind === 'silence'
          ? { silencedUntil: until, silenceReason: input.reason }
          : { suspendedUntil: until, suspendReason: input.reason },
      )
      .where(sql`${users.id} = ${target.id}`)
      .returning();
    if (kind === 'suspend') revoked = await revokeMemberSessions(tx, target.id, now);
    await recordStaffAction(tx, {
      actorId: staff.id,
      action: kind === 'silence' ? 'member_silenced' : 'member_suspended',
      memberId: target.id,
      summary: target.username,
      reason: input.reason,
      details: `until ${untilText(until)}`,
      at: now,
    });
    return updated ?? target;
  });
  await ctx.auth.memberChanged(row.id);
  if (revoked.length > 0) await ctx.auth.sessionsRevoked(revoked);
  return present(ctx, row, now);
}

/** Ends a silence or suspension in force now, with one audit entry; nothing when there is none. */
export async function liftRestriction(
  ctx: ModerationContext,
  staff: AuthUser,
  username: string,
  kind: RestrictionKind,
  input: LiftRestriction,
): Promise<MemberStanding> {
  const now = ctx.now();
  const reason = input?.reason ?? '';
  const { row, lifted } = await ctx.db.transaction(async (tx) => {
    const target = await lockMemberByUsername(tx, username);
    if (!target) throw noSuchMember(username);
    const until = kind === 'silence' ? target.silencedUntil : target.suspendedUntil;
    // Another moderator may have lifted it a moment ago: the answer is the same.
    if (!until || until <= now) return { row: target, lifted: false };
    const [updated] = await tx
      .update(users)
      .set(
        kind === 'silence'
          ? { silencedUntil: null, silenceReason: null }
          : { suspendedUntil: null, suspendReason: null },
      )
      .where(sql`${users.id} = ${target.id}`)
      .returning();
    await recordStaffAction(tx, {
      actorId: staff.id,
      action: kind === 'silence' ? 'member_unsilenced' : 'member_unsuspended',
      memberId: target.id,
      summary: target.username,
      reason,
      details: `was until ${untilText(until)}`,
      at: now,
    });
    return { row: updated ?? target, lifted: true };
  });
  if (lifted) await ctx.auth.memberChanged(row.id);
  return present(ctx, row, now);
}

/**
 * An admin gives a member a role. Not their own: an admin cannot lock the community out of its
 * last admin by accident. Nothing is logged when the role is already that.
 */
export async function changeRole(
  ctx: ModerationContext,
  admin: AuthUser,
  username: string,
  role: MemberRole,
): Promise<MemberStanding> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockMemberByUsername(tx, username);
    if (!target) throw noSuchMember(username);
    if (target.id === admin.id) {
      throw new AppError('forbidden', 'You cannot change your own role; another admin can.');
    }
    const change = await setRole(tx, target.username, role);
    if (change && change.before !== role) {
      await recordStaffAction(tx, {
        actorId: admin.id,
        action: 'role_changed',
        memberId: target.id,
        summary: target.username,
        details: `${ROLE_LABELS[change.before]} → ${ROLE_LABELS[role]}`,
        at: now,
      });
    }
    return { ...target, role };
  });
  await ctx.auth.memberChanged(row.id);
  return present(ctx, row, now);
}
