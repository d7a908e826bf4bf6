import { z } from 'zod';
import { ZContentModel } from './content';
import { ZAuthor } from './forums';
import { zPage, ZPageQuery } from './pagination';
import { MEMBER_ROLES } from './roles';
import { zSearchWords, zText } from './text';

/**
 * Staff contracts of issue 18: members' standing (role, silence, suspension) and the audit log.
 * Every route is staff only (403 otherwise); changing roles is for admins.
 *
 * - GET `/api/moderation/members/?q=` → MemberStandingList: members whose username starts with
 *   `q`; without `q`, staff and the members silenced or suspended now.
 * - GET `/api/moderation/members/{username}/` → MemberStanding.
 * - POST `/api/moderation/members/{username}/silence/` {until, reason} → MemberStanding: until
 *   then the member reads but cannot post, comment, chat, upload or change their profile; they are told why.
 * - POST `/api/moderation/members/{username}/suspend/` {until, reason} → MemberStanding: until
 *   then they cannot sign in; their sessions and sockets end at once.
 * - POST `/api/moderation/members/{username}/unsilence/` and `/unsuspend/` {reason?} → lifts it.
 * - PUT `/api/moderation/members/{username}/role/` {role} (admins) → MemberStanding.
 * - POST `/api/moderation/content/{model}/{id}/hide/` {reason} and `/restore/` {reason?} →
 *   ContentVisibility: staff hide or show content whether or not it was reported.
 * - GET `/api/moderation/audit/?member=&cursor=&limit=` → AuditPage: every staff action, newest
 *   first. The log is append-only: the database refuses to change or delete its rows.
 * Each change above, and each report decision and featuring, writes one audit entry.
 */

const ZIsoDateTime = z.iso.datetime({ offset: true });

export const STAFF_REASON_MAX_LENGTH = 500;
/** A silence or a suspension ends within this many days (Discourse's "forever" is 1,000 years). */
export const RESTRICTION_MAX_DAYS = 3650;

export const ZRestriction = z.object({
  until: ZIsoDateTime,
  reason: z.string(),
});
export type Restriction = z.infer<typeof ZRestriction>;

export const ZMemberStanding = ZAuthor.omit({ role: true }).extend({
  role: z.enum(MEMBER_ROLES),
  dateJoined: ZIsoDateTime,
  /** Null unless silenced now. */
  silence: ZRestriction.nullable(),
  /** Null unless suspended now. */
  suspension: ZRestriction.nullable(),
});
export type MemberStanding = z.infer<typeof ZMemberStanding>;

export const ZMemberStandingList = z.object({ results: z.array(ZMemberStanding) });
export type MemberStandingList = z.infer<typeof ZMemberStandingList>;

export const MEMBER_STANDING_SEARCH_SIZE = 20;

export const ZMemberStandingQuery = z.object({
  q: zSearchWords('Send the search as text.').trim().max(150).optional(),
});
export type MemberStandingQuery = z.input<typeof ZMemberStandingQuery>;

export const ZMemberParams = z.object({
  username: zText('Send a username.').trim().min(1, 'Send a username.').max(150),
});

const zReason = (required: boolean) => {
  const text = zText('Write the reason as text.')
    .trim()
    .max(STAFF_REASON_MAX_LENGTH, `Keep the reason under ${STAFF_REASON_MAX_LENGTH} characters.`);
  return required ? text.min(1, 'Say why: the member is shown this reason.') : text.default('');
};

/** The end must be in the future and within RESTRICTION_MAX_DAYS; the server checks both. */
export const ZRestrictMember = z.object({
  until: z.iso.datetime({ offset: true, message: 'Give the end as a date and time.' }),
  reason: zReason(true),
});
export type RestrictMember = z.input<typeof ZRestrictMember>;

export const ZLiftRestriction = z.object({ reason: zReason(false) }).default({ reason: '' });
export type LiftRestriction = z.input<typeof ZLiftRestriction>;

export const ZSetRole = z.object({
  role: z.enum(MEMBER_ROLES, 'Choose member, moderator or admin.'),
});
export type SetRole = z.input<typeof ZSetRole>;

export const ZHideContent = z.object({ reason: zReason(true) });
export type HideContent = z.input<typeof ZHideContent>;
export const ZRestoreContent = ZLiftRestriction;
export type RestoreContent = z.input<typeof ZRestoreContent>;

export const ZContentVisibility = z.object({
  model: ZContentModel,
  id: z.number().int().positive(),
  state: z.enum(['visible', 'hidden']),
});
export type ContentVisibility = z.infer<typeof ZContentVisibility>;

export const STAFF_ACTIONS = [
  'role_changed',
  'member_silenced',
  'member_unsilenced',
  'member_suspended',
  'member_unsuspended',
  'content_hidden',
  'content_restored',
  'reports_dismissed',
  'reports_upheld',
  'featured',
  'unfeatured',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const STAFF_ACTION_LABELS: Record<StaffAction, string> = {
  role_changed: 'changed the role of',
  member_silenced: 'silenced',
  member_unsilenced: 'lifted the silence of',
  member_suspended: 'suspended',
  member_unsuspended: 'lifted the suspension of',
  content_hidden: 'hid',
  content_restored: 'restored',
  reports_dismissed: 'dismissed the reports about',
  reports_upheld: 'upheld the reports and hid',
  featured: 'featured',
  unfeatured: 'unfeatured',
};

/** One staff action, as it was when it happened (titles are kept even if the object goes). */
export const ZAuditEntry = z.object({
  id: z.number().int().positive(),
  /** Null when the server's operator acted from the command line (`npm run admin`). */
  actor: ZAuthor.nullable(),
  action: z.enum(STAFF_ACTIONS),
  /** The member acted on (for content: its author), null when there is none. */
  member: ZAuthor.nullable(),
  /** The content acted on: its model and id, null for actions on members. */
  model: z.string().nullable(),
  objectId: z.number().int().positive().nullable(),
  /** What the target was called then: a title, an excerpt, a username. */
  summary: z.string(),
  /** Where the object was shown in the web app; null for actions on members. */
  url: z.string().nullable(),
  reason: z.string(),
  /** What changed beyond the action itself: "until 3 December 2026 at 14:00 UTC", "member → moderator". */
  details: z.string(),
  createdAt: ZIsoDateTime,
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = zPage(ZAuditEntry);
export type AuditPage = z.infer<typeof ZAuditPage>;

export const ZAuditQuery = ZPageQuery.extend({
  member: zText('Send a username.').trim().max(150).optional(),
});
export type AuditQuery = z.infer<typeof ZAuditQuery>;
