import type { Discussion } from '@agora/shared';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { useToast } from '../../../lib/toasts/use-toast';
import { BookmarkButton, LikeButton, ReportButton } from '../../content';
import { FeatureButton, VisibilityButton } from '../../moderation';
import { useLikeDiscussionMutation, useToggleBookmarkMutation } from '../forums-api';
import styles from './reader-actions.module.css';

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
    <div className={styles.row}>
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
      <button
        type="button"
        className={plainButton({ variant: 'outlined' })}
        onClick={() => void onShare()}
      >
        <span className={startIconClass}>
          <PlainIcon name="shareRounded" size={20} />
        </span>
        Share
      </button>
      <FeatureButton model="forum" id={discussion.id} />
      <VisibilityButton model="forum" id={discussion.id} hidden={discussion.status === 'hidden'} />
      <div className={styles.spacer} />
      {!isAuthor && <ReportButton model="forum" id={discussion.id} />}
    </div>
  );
}
