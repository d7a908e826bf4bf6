import MuiAvatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { avatarColorOf } from './avatar-color';

/** "Ada Lovelace" → "AL", "ada" → "A". */
function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : (parts[0]?.[0] ?? '?');
  return letters.toUpperCase();
}

interface AvatarProps {
  /** The name shown for the picture; its initials stand in when there is no picture. */
  name: string;
  src: string | null;
  /** Whose colour the initials sit on: the username, so a new display name keeps it. */
  colorKey?: string;
  size?: number;
  sx?: SxProps<Theme>;
}

/** A member's picture, or their initials on a colour of their own. */
export function Avatar({ name, src, colorKey = name, size = 40, sx }: AvatarProps) {
  return (
    <MuiAvatar
      src={src ?? undefined}
      alt={name}
      sx={[
        {
          width: size,
          height: size,
          fontSize: size * 0.4,
          fontWeight: 700,
          bgcolor: avatarColorOf(colorKey),
          color: '#fff',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initialsOf(name)}
    </MuiAvatar>
  );
}
