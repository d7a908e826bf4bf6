import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { chatName, initialsOf } from '../chat-format';

interface ChatAvatarProps {
  name: string;
  src: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}

/** The other member's picture, or their initials on the brand colour. */
export function ChatAvatar({ name, src, size = 44, sx }: ChatAvatarProps) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={chatName(name)}
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
      {initialsOf(chatName(name))}
    </Avatar>
  );
}
