import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import { compactCount, plural } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import type { ContentModel } from '../content-names';
import { CONTENT_NAMES } from '../content-names';
import { useSignInGate } from './use-sign-in-gate';

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

/** Liked reads as chosen, in the accent colour: a filled red button looked like Delete. */
const selectedSx = (theme: Theme) => ({
  bgcolor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.12)`,
  borderColor: 'primary.main',
});

/** Likes or unlikes an object of kind `model`; a signed-out visitor is told to log in first. */
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

  const onClick = async () => {
    if (!signedIn('like')) return;
    try {
      await onToggle();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  if (variant === 'compact') {
    return (
      <Button
        size="small"
        color={liked ? 'primary' : 'inherit'}
        aria-pressed={liked}
        aria-label={`Like this ${CONTENT_NAMES[model]}, ${plural(count, 'like')}`}
        disabled={disabled}
        startIcon={
          liked ? <FavoriteRounded fontSize="small" /> : <FavoriteBorderRounded fontSize="small" />
        }
        onClick={() => void onClick()}
        sx={{ color: liked ? undefined : 'text.secondary' }}
      >
        {compactCount(count)}
      </Button>
    );
  }
  return (
    <Button
      variant="outlined"
      color="primary"
      sx={liked ? selectedSx : undefined}
      aria-pressed={liked}
      disabled={disabled}
      startIcon={liked ? <FavoriteRounded /> : <FavoriteBorderRounded />}
      onClick={() => void onClick()}
    >
      {liked ? 'Liked' : 'Like'} · {compactCount(count)}
    </Button>
  );
}
