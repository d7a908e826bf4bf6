import { Link as RouterLink } from '../../../lib/router';
import type { MemberHit } from '@agora/shared';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { displayNameOf, UserAvatar } from '../../users';

/** A member found by name: their picture and name, opening their profile. */
export function MemberHitCard({ member }: { member: MemberHit }) {
  const name = displayNameOf(member);
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={`/user-info/${encodeURIComponent(member.username)}`}
        aria-label={`${name} (@${member.username})`}
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'center', gap: 2 }}
      >
        <UserAvatar user={member} size={48} />
        <Stack sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="textSecondary" noWrap>
            @{member.username}
          </Typography>
        </Stack>
        <ChevronRightRounded sx={{ color: 'text.secondary' }} />
      </CardActionArea>
    </Card>
  );
}

export function MemberSkeleton() {
  return (
    <Card aria-hidden sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Skeleton variant="circular" width={48} height={48} />
      <Stack sx={{ flex: 1 }}>
        <Skeleton width="40%" />
        <Skeleton width="25%" />
      </Stack>
    </Card>
  );
}
