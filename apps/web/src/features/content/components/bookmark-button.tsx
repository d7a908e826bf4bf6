import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useSignInGate } from './use-sign-in-gate';

export interface BookmarkButtonProps {
  bookmarked: boolean;
  disabled?: boolean;
  /** Adds or removes the bookmark; its kind's endpoint updates the cached object. */
  onToggle: () => Promise<{ bookmarked: boolean }>;
  /** Where the member finds their bookmarks of this kind, as the toast says it. */
  foundUnder?: string;
}

/**
 * Bookmarks an object for the member's own lists; a signed-out visitor is told to log in first.
 * A plain button with MUI Button's look, on the first screen of every content page.
 */
export function BookmarkButton({
  bookmarked,
  disabled = false,
  onToggle,
  foundUnder = 'My content',
}: BookmarkButtonProps) {
  const toast = useToast();
  const signedIn = useSignInGate();

  const onClick = async () => {
    if (!signedIn('bookmark')) return;
    try {
      const result = await onToggle();
      toast.success(
        result.bookmarked ? `Bookmarked. Find it under ${foundUnder}.` : 'Bookmark removed.',
      );
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <button
      type="button"
      className={plainButton({ variant: 'outlined' })}
      aria-pressed={bookmarked}
      disabled={disabled}
      onClick={() => void onClick()}
    >
      <span className={startIconClass}>
        <PlainIcon name={bookmarked ? 'bookmarkRounded' : 'bookmarkBorderRounded'} size={20} />
      </span>
      {bookmarked ? 'Bookmarked' : 'Bookmark'}
    </button>
  );
}
