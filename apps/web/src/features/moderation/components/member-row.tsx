import { Link as RouterLink } from '../../../lib/router';
import { MEMBER_ROLES, ROLE_LABELS } from '@agora/shared';
import type { MemberRole, MemberStanding, Restriction } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Avatar } from '../../../components/avatar';
import { exactTime } from '../../../lib/format';
import type { RestrictionKind } from '../staff-api';

const RESTRICTIONS: Record<RestrictionKind, { state: string; verb: string }> = {
  silence: { state: 'Silenced', verb: 'Silence' },
  suspend: { state: 'Suspended', verb: 'Suspend' },
};

function RestrictionLine({
  kind,
  restriction,
}: {
  kind: RestrictionKind;
  restriction: Restriction;
}) {
  return (
    <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
      <Box component="strong" sx={{ color: 'error.main' }}>
        {RESTRICTIONS[kind].state}
      </Box>{' '}
      until <time dateTime={restriction.until}>{exactTime(restriction.until)}</time>
      {restriction.reason && ` — ${restriction.reason}`}
    </Typography>
  );
}

export interface MemberRowProps {
  member: MemberStanding;
  /** The signed-in staff member's own row: no actions on oneself. */
  isMe: boolean;
  /** Admins change roles. */
  canSetRole: boolean;
  /** The action being sent for this row, if any. */
  pending: boolean;
  onRestrict: (kind: RestrictionKind) => void;
  onLift: (kind: RestrictionKind) => void;
  onSetRole: (role: MemberRole) => void;
}

/** One member in the Members tab: who, their role and restrictions, and what staff may do. */
export function MemberRow({
  member,
  isMe,
  canSetRole,
  pending,
  onRestrict,
  onLift,
  onSetRole,
}: MemberRowProps) {
  const nameId = `standing-${member.id}`;
  const restrictions = { silence: member.silence, suspend: member.suspension };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={nameId}
      sx={{
        borderRadius: '12px',
        px: 2,
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
      }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flex: '1 1 16rem', minWidth: 0 }}
      >
        <Avatar name={member.username} src={member.avatar} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Link
            id={nameId}
            component={RouterLink}
            to={`/user-info/${encodeURIComponent(member.username)}`}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {member.username}
          </Link>
          <Typography component="span" variant="body2" color="textSecondary">
            {' · '}
            {ROLE_LABELS[member.role]}
            {isMe && ' (you)'}
          </Typography>
          {member.silence && <RestrictionLine kind="silence" restriction={member.silence} />}
          {member.suspension && <RestrictionLine kind="suspend" restriction={member.suspension} />}
        </Box>
      </Stack>
      {!isMe && (
        <Stack
          direction="row"
          sx={{
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: { xs: 'flex-start', sm: 'flex-end' },
            // On a phone the actions line up under the name, past the avatar.
            pl: { xs: 6.5, sm: 0 },
          }}
        >
          {canSetRole && (
            <TextField
              select
              size="small"
              label="Role"
              id={`role-${member.id}`}
              value={member.role}
              disabled={pending}
              onChange={(event) => {
                const role = MEMBER_ROLES.find((value) => value === event.target.value);
                if (role) onSetRole(role);
              }}
              slotProps={{
                select: { native: true },
                htmlInput: { 'aria-describedby': nameId },
              }}
              sx={{ width: '9.5rem' }}
            >
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </TextField>
          )}
          {(['silence', 'suspend'] as const).map((kind) =>
            restrictions[kind] ? (
              <Button
                key={kind}
                size="small"
                variant="outlined"
                disabled={pending}
                onClick={() => onLift(kind)}
                aria-describedby={nameId}
              >
                Lift {kind === 'silence' ? 'silence' : 'suspension'}
              </Button>
            ) : (
              <Button
                key={kind}
                size="small"
                disabled={pending}
                onClick={() => onRestrict(kind)}
                aria-describedby={nameId}
              >
                {RESTRICTIONS[kind].verb}
              </Button>
            ),
          )}
        </Stack>
      )}
    </Paper>
  );
}
