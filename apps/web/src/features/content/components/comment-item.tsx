import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { Avatar } from '../../../components/avatar';
import { muiIsland } from '../../../components/mui/mui-island';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton } from '../../../components/plain/button';
import { PlainTooltip } from '../../../components/plain/tooltip';
import { RelativeTime } from '../../../components/relative-time';
import { MarkdownView } from '../../../components/markdown-view';
import { StaffBadge } from '../../../components/staff-badge';
import { exactTime, plural } from '../../../lib/format';
import { apiFailure } from '../../auth';
import { VisibilityButton } from '../../moderation';
import { selectProfile } from '../../users';
import type { CommentActions, ThreadComment } from './comment-actions';
import { CommentFormIsland } from './comment-form-island';
import { CommentReplies } from './comment-replies';
import { LikeButton } from './like-button';
import { ReportButton } from './report-button';
import { useSignInGate } from './use-sign-in-gate';
import styles from './comment-item.module.css';

// The dialog (MUI) downloads when a member first deletes a comment.
const ConfirmDialog = muiIsland(() =>
  import('../../../components/confirm-dialog').then((module) => module.ConfirmDialog),
);

/** Reply, Edit and Delete: small text buttons in the grey of secondary text. */
const quietButton = plainButton({ size: 'small', color: 'secondaryText' });

export interface CommentItemProps<C extends ThreadComment> {
  comment: C;
  /** Whether the commented object takes new comments, replies and likes (it is published). */
  open: boolean;
  actions: CommentActions<C>;
}

/**
 * One comment or reply on any kind of content: byline, text or "[deleted]", like, reply, edit
 * and delete.
 */
export function CommentItem<C extends ThreadComment>({
  comment,
  open,
  actions,
}: CommentItemProps<C>) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const me = useAppSelector(selectProfile);
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  // A link to a reply (from a notification) names its thread: open it so the reply is there.
  const [searchParams] = useSearchParams();
  const [showReplies, setShowReplies] = useState(
    () => searchParams.get('thread') === String(comment.id),
  );
  const targeted = useLocation().hash === `#comment-${comment.id}`;
  const itemRef = useRef<HTMLLIElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Drawn from the first delete on, so the dialog can fade out when it closes.
  const [deleting, setDeleting] = useState(false);
  const like = actions.useLike();
  const update = actions.useUpdate();
  const reply = actions.useReply();
  const [remove, removing] = actions.useRemove();
  const isReply = comment.parent !== null;
  const mine = comment.author !== null && me?.id === comment.author.id;
  // A hidden comment stays as it is until staff decide: no likes or replies meanwhile.
  const answerable = open && !comment.hidden;
  const kind = isReply ? 'reply' : 'comment';
  const model = isReply ? 'subcomment' : 'comment';
  // Deleted, or hidden by moderators from everyone but its author and staff.
  const placeholder = comment.deleted || (comment.hidden && comment.author === null);

  const onDelete = async () => {
    try {
      await remove(comment);
      setConfirmDelete(false);
      toast.success(isReply ? 'Your reply is deleted.' : 'Your comment is deleted.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const byline = comment.author?.username ?? 'a removed comment';

  // The browser scrolls to an anchor only if it exists at load; comments arrive later.
  useEffect(() => {
    if (targeted) itemRef.current?.scrollIntoView({ block: 'center' });
  }, [targeted]);

  return (
    <li
      ref={itemRef}
      id={`comment-${comment.id}`}
      aria-label={placeholder ? `Removed ${kind}` : `${kind} by ${byline}`}
      aria-current={targeted ? 'location' : undefined}
      className={targeted ? `${styles.comment} ${styles.targeted}` : styles.comment}
    >
      {comment.author ? (
        <Avatar
          name={comment.author.username}
          src={comment.author.avatar}
          size={isReply ? 28 : 36}
        />
      ) : (
        <span
          aria-hidden
          className={styles.removedAvatar}
          style={{ width: isReply ? 28 : 36, height: isReply ? 28 : 36 }}
        >
          <PlainIcon name="person" size={isReply ? 21 : 27} />
        </span>
      )}
      <div className={styles.body}>
        <div className={styles.byline}>
          <span className={comment.author ? styles.author : `${styles.author} ${styles.removed}`}>
            {comment.author?.username ?? (comment.deleted ? 'Deleted' : 'Hidden')}
          </span>
          <StaffBadge role={comment.author?.role} />
          <span className={styles.when}>
            <RelativeTime iso={comment.createdAt} />
            {comment.editedAt && !placeholder && (
              <>
                {' · '}
                {/* Focusable, so the exact time is not for a mouse only. */}
                <PlainTooltip title={`Edited ${exactTime(comment.editedAt)}`}>
                  <span tabIndex={0}>edited</span>
                </PlainTooltip>
              </>
            )}
          </span>
          {comment.hidden && !placeholder && (
            <span className={styles.hiddenChip}>
              <span className={styles.chipLabel}>Hidden by moderators</span>
            </span>
          )}
        </div>

        {mode === 'edit' ? (
          <div className={styles.form}>
            <CommentFormIsland
              label={isReply ? 'Edit your reply' : 'Edit your comment'}
              submitLabel="Save"
              initialContent={comment.content}
              autoFocus
              onSubmit={async (content) => {
                await update(comment, content);
                setMode('view');
                toast.success('Saved.');
              }}
              onCancel={() => setMode('view')}
            />
          </div>
        ) : placeholder ? (
          <p className={styles.placeholder}>{comment.content}</p>
        ) : (
          <MarkdownView source={comment.content} dense style={{ marginTop: 4 }} />
        )}

        {mode !== 'edit' && !placeholder && (
          <div className={styles.actions}>
            <LikeButton
              model={model}
              variant="compact"
              liked={comment.isLiked}
              count={comment.likesCount}
              disabled={!answerable}
              onToggle={() => like(comment)}
            />
            {!isReply && answerable && (
              <button
                type="button"
                className={quietButton}
                onClick={() => {
                  if (signedIn('reply')) setMode(mode === 'reply' ? 'view' : 'reply');
                }}
              >
                Reply
              </button>
            )}
            {!mine && <ReportButton model={model} id={comment.id} />}
            <VisibilityButton
              model={model}
              id={comment.id}
              hidden={comment.hidden}
              variant="compact"
            />
            {mine && open && (
              <>
                <button type="button" className={quietButton} onClick={() => setMode('edit')}>
                  Edit
                </button>
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => {
                    setDeleting(true);
                    setConfirmDelete(true);
                  }}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        )}

        {mode === 'reply' && (
          <div className={styles.form}>
            <CommentFormIsland
              label={`Reply to ${byline}`}
              submitLabel="Post reply"
              autoFocus
              onSubmit={async (content) => {
                await reply(comment, content);
                setMode('view');
                setShowReplies(true);
              }}
              onCancel={() => setMode('view')}
            />
          </div>
        )}

        {!isReply && comment.repliesCount > 0 && (
          <div className={styles.replies}>
            <button
              type="button"
              className={`${plainButton({ size: 'small' })} ${styles.toggleReplies}`}
              onClick={() => setShowReplies((shown) => !shown)}
              aria-expanded={showReplies}
            >
              {showReplies
                ? 'Hide replies'
                : `View ${plural(comment.repliesCount, 'reply', 'replies')}`}
            </button>
            {showReplies && <CommentReplies comment={comment} open={open} actions={actions} />}
          </div>
        )}
      </div>

      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmDelete}
            title={isReply ? 'Delete your reply?' : 'Delete your comment?'}
            confirmLabel="Delete"
            destructive
            busy={removing}
            onConfirm={() => void onDelete()}
            onClose={() => setConfirmDelete(false)}
          >
            {isReply || comment.repliesCount === 0
              ? 'It is removed for everyone. This cannot be undone.'
              : 'Its text is removed for everyone; the replies stay, under “[deleted]”. This cannot be undone.'}
          </ConfirmDialog>
        </Suspense>
      )}
    </li>
  );
}
