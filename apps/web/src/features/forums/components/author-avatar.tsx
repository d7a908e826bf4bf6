import type { Author } from '@agora/shared';
import { UserAvatar } from '../../users';

/** A discussion or comment author's picture, or their initial. */
export function AuthorAvatar({ author, size = 32 }: { author: Author; size?: number }) {
  return <UserAvatar user={{ ...author, firstName: '', lastName: '' }} size={size} />;
}
