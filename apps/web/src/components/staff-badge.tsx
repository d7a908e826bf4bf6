import { isStaffRole, ROLE_LABELS } from '@agora/shared';
import type { MemberRole } from '@agora/shared';
import Box from '@mui/material/Box';

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
    <Box
      component="span"
      title={role === 'admin' ? 'Runs this community' : 'Moderates this community'}
      sx={(theme) => ({
        display: 'inline-block',
        verticalAlign: 'middle',
        ml: 0.75,
        px: 0.75,
        borderRadius: '6px',
        border: 1,
        borderColor: 'primary.main',
        color: 'primary.main',
        fontSize: '0.6875rem',
        fontWeight: 700,
        lineHeight: '1.125rem',
        letterSpacing: '0.02em',
        whiteSpace: 'nowrap',
        flexShrink: 0,
        // The dark theme's main purple is too dark on a dark page for text this small.
        ...theme.applyStyles('dark', { color: 'primary.light', borderColor: 'primary.light' }),
      })}
    >
      {/* Not drawn (a box starts without spaces), but keeps "ada Moderator" two words when read. */}
      {` ${ROLE_LABELS[role]}`}
    </Box>
  );
}
