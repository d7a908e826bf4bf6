import { isStaffRole, ROLE_LABELS } from '@agora/shared';
import type { MemberRole } from '@agora/shared';
import styles from './staff-badge.module.css';

interface StaffBadgeProps {
  /** The author's role: nothing shows for a member (authors carry a role only when staff). */
  role: MemberRole | undefined;
}

/**
 * "Moderator" or "Admin" beside an author's name, so members can tell who speaks for the
 * community. Plain text in a span: its words are its accessible name, read after the name.
 */
export function StaffBadge({ role }: StaffBadgeProps) {
  if (role === undefined || !isStaffRole(role)) return null;
  return (
    <span
      className={styles.badge}
      title={role === 'admin' ? 'Runs this community' : 'Moderates this community'}
    >
      {/* Not drawn (a box starts without spaces), but keeps "ada Moderator" two words when read. */}
      {` ${ROLE_LABELS[role]}`}
    </span>
  );
}
