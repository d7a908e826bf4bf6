import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';

interface Named {
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

/** "Ada Lovelace", or the username when no name is given. */
export function displayNameOf(user: Named): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

function initialsOf(user: Named): string {
  const name = displayNameOf(user);
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : name[0];
  return (letters ?? '?').toUpperCase();
}

interface UserAvatarProps {
  user: Named;
  size?: number;
  /** Override the image, e.g. a preview of a new avatar before it is saved. */
  src?: string | null;
  sx?: SxProps<Theme>;
}

/** A member's picture, or their initials on the brand colour. */
export function UserAvatar({ user, size = 40, src, sx }: UserAvatarProps) {
  const image = src === undefined ? user.avatar : src;
  return (
    <Avatar
      src={image ?? undefined}
      alt={displayNameOf(user)}
      sx={[
        {
          width: size,
          height: size,
          fontSize: size * 0.4,
          fontWeight: 700,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initialsOf(user)}
    </Avatar>
  );
}
