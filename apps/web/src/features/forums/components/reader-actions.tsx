import type { Discussion } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import BookmarkRounded from '@mui/icons-material/BookmarkRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { FeatureButton, ReportButton } from '../../moderation';
import { useLikeDiscussionMutation, useToggleBookmarkMutation } from '../forums-api';
import { compactCount } from '../format';
import { useSignInGate } from './use-sign-in-gate';

/** Like, bookmark, share and report, under the discussion; feature for staff. */
export function ReaderActions({ discussion }: { discussion: Discussion }) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const [like] = useLikeDiscussionMutation();
  const [bookmark] = useToggleBookmarkMutation();
  const open = discussion.status === 'published';

  const onLike = async () => {
    if (!signedIn()) return;
    try {
      await like(discussion.id).unwrap();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const onBookmark = async () => {
    if (!signedIn()) return;
    try {
      const { bookmarked } = await bookmark(discussion.id).unwrap();
      toast.success(bookmarked ? 'Bookmarked. Find it under My content.' : 'Bookmark removed.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const onShare = async () => {
    const url = new URL(`/discussions/${discussion.id}`, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied. Paste it anywhere to share this discussion.');
    } catch {
      toast.info(`Copy this link to share: ${url}`);
    }
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button
        variant={discussion.isLiked ? 'contained' : 'outlined'}
        color={discussion.isLiked ? 'error' : 'primary'}
        aria-pressed={discussion.isLiked}
        disabled={!open}
        startIcon={discussion.isLiked ? <FavoriteRounded /> : <FavoriteBorderRounded />}
        onClick={() => void onLike()}
      >
        {discussion.isLiked ? 'Liked' : 'Like'} · {compactCount(discussion.likesCount)}
      </Button>
      <Button
        variant="outlined"
        aria-pressed={discussion.isBookmarked}
        disabled={!open && !discussion.isBookmarked}
        startIcon={discussion.isBookmarked ? <BookmarkRounded /> : <BookmarkBorderRounded />}
        onClick={() => void onBookmark()}
      >
        {discussion.isBookmarked ? 'Bookmarked' : 'Bookmark'}
      </Button>
      <Button variant="outlined" startIcon={<ShareRounded />} onClick={() => void onShare()}>
        Share
      </Button>
      <FeatureButton discussionId={discussion.id} />
      <Box sx={{ flex: 1 }} />
      <ReportButton model="forum" id={discussion.id} />
    </Stack>
  );
}
