import { useState } from 'react';
import type { CSSProperties } from 'react';
import { avatarColorOf } from './avatar-color';
import styles from './avatar.module.css';

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
  /** Placement in the caller's layout (margins, alignment). */
  style?: CSSProperties;
}

/**
 * A member's picture, or their initials on a colour of their own (also when the picture fails
 * to load). Plain elements: a list draws one per row, and emotion's styling of each would cost
 * the first screen more than the picture itself.
 */
export function Avatar({ name, src, colorKey = name, size = 40, style }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src !== null && src !== failed ? src : null;
  return (
    <span
      className={styles.avatar}
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        backgroundColor: picture ? undefined : avatarColorOf(colorKey),
        ...style,
      }}
    >
      {picture ? (
        <img src={picture} alt={name} onError={() => setFailed(picture)} />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
