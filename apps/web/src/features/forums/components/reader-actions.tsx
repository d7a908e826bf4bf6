import type { Discussion } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ShareRounded from '@mui/icons-material/ShareRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { BookmarkButton, LikeButton, ReportButton } from '../../content';
import { FeatureButton, VisibilityButton } from '../../moderation';
import { useLikeDiscussionMutation, useToggleBookmarkMutation } from '../forums-api';

/**
 * Like, bookmark, share and report, under the discussion; feature for staff. The author is
 * not offered to report their own discussion (the server refuses it too).
 */
export function ReaderActions({
  discussion,
  isAuthor,
}: {
  discussion: Discussion;
  isAuthor: boolean;
}) {
  const toast = useToast();
  const [like] = useLikeDiscussionMutation();
  const [bookmark] = useToggleBookmarkMutation();
  const open = discussion.status === 'published';

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
      <LikeButton
        model="forum"
        liked={discussion.isLiked}
        count={discussion.likesCount}
        disabled={!open}
        onToggle={() => like(discussion.id).unwrap()}
      />
      <BookmarkButton
        bookmarked={discussion.isBookmarked}
        disabled={!open && !discussion.isBookmarked}
        onToggle={() => bookmark(discussion.id).unwrap()}
      />
      <Button variant="outlined" startIcon={<ShareRounded />} onClick={() => void onShare()}>
        Share
      </Button>
      <FeatureButton model="forum" id={discussion.id} />
      <VisibilityButton model="forum" id={discussion.id} hidden={discussion.status === 'hidden'} />
      <Box sx={{ flex: 1 }} />
      {!isAuthor && <ReportButton model="forum" id={discussion.id} />}
    </Stack>
  );
}
