/**
 * What a member may do on the community: `moderator`s review reports, hide and restore content,
 * and silence or suspend members; `admin`s also grant and take roles. Both are staff.
 */
export const MEMBER_ROLES = ['member', 'moderator', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: MemberRole): role is StaffRole => role !== 'member';

export const ROLE_LABELS: Record<MemberRole, string> = {
  member: 'Member',
  moderator: 'Moderator',
  admin: 'Admin',
};
