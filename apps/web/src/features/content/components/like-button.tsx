import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { compactCount, plural } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import type { ContentModel } from '../content-names';
import { CONTENT_NAMES } from '../content-names';
import { useSignInGate } from './use-sign-in-gate';
import styles from './like-button.module.css';

export interface LikeButtonProps {
  model: ContentModel;
  liked: boolean;
  count: number;
  disabled?: boolean;
  /** Sends the like or its removal; its kind's endpoint updates the cached object. */
  onToggle: () => Promise<unknown>;
  /** `prominent` under an object's own page; `compact` in a list of comments. */
  variant?: 'prominent' | 'compact';
}

/**
 * Likes or unlikes an object of kind `model`; a signed-out visitor is told to log in first. A
 * plain button with MUI Button's look: every comment on a page draws one.
 */
export function LikeButton({
  model,
  liked,
  count,
  disabled = false,
  onToggle,
  variant = 'prominent',
}: LikeButtonProps) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const compact = variant === 'compact';

  const onClick = async () => {
    if (!signedIn('like')) return;
    try {
      await onToggle();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const icon = <PlainIcon name={liked ? 'favorite' : 'favoriteBorder'} size={compact ? 18 : 20} />;
  if (compact) {
    return (
      <button
        type="button"
        className={plainButton({ size: 'small', color: liked ? 'primary' : 'secondaryText' })}
        aria-pressed={liked}
        aria-label={`Like this ${CONTENT_NAMES[model]}, ${plural(count, 'like')}`}
        disabled={disabled}
        onClick={() => void onClick()}
      >
        <span className={startIconClass}>{icon}</span>
        {compactCount(count)}
      </button>
    );
  }
  const look = plainButton({ variant: 'outlined' });
  return (
    <button
      type="button"
      className={liked ? `${look} ${styles.liked}` : look}
      aria-pressed={liked}
      disabled={disabled}
      onClick={() => void onClick()}
    >
      <span className={startIconClass}>{icon}</span>
      {liked ? 'Liked' : 'Like'} · {compactCount(count)}
    </button>
  );
}
