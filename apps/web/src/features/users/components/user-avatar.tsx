import type { CSSProperties } from 'react';
import { Avatar } from '../../../components/avatar';

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

interface UserAvatarProps {
  user: Named;
  size?: number;
  /** Override the image, e.g. a preview of a new avatar before it is saved. */
  src?: string | null;
  style?: CSSProperties;
}

/** A member's picture, or the initials of their name on their colour. */
export function UserAvatar({ user, size = 40, src, style }: UserAvatarProps) {
  return (
    <Avatar
      name={displayNameOf(user)}
      colorKey={user.username}
      src={src === undefined ? user.avatar : src}
      size={size}
      style={style}
    />
  );
}
