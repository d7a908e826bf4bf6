import type { ReactNode } from 'react';
import { LoadMoreList } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { PlainSkeleton } from '../../../components/plain/skeleton';
import { grouped } from '../../../lib/format';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { selectIsAuthenticated } from '../../auth';
import type { ContentModel } from '../content-names';
import { CommentFormIsland } from './comment-form-island';
import { SignInPrompt } from './sign-in-prompt';
import paper from '../../../components/plain/paper.module.css';
import styles from './comments-section.module.css';

export interface CommentsSectionProps {
  model: ContentModel;
  id: number;
  /** The object's comment count, as its own record says. */
  total: number;
  /** Whether the object takes new comments (it is published). */
  open: boolean;
  /** The object's comments, a page at a time. */
  query: PagedQuery;
  /** How many comments are loaded. */
  loaded: number;
  /** Posts a comment; rejects with the API error when the server refuses it. */
  onCreate: (content: string) => Promise<unknown>;
  /** The loaded comments, each rendered as a list item. */
  children: ReactNode;
}

/** Two comments' shape while the first page loads. */
function CommentsSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden>
      {[0, 1].map((key) => (
        <div key={key} className={styles.skeletonItem}>
          <PlainSkeleton variant="circular" width={36} height={36} />
          <div className={styles.skeletonText}>
            <PlainSkeleton width="30%" />
            <PlainSkeleton width="90%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * An object's comments, oldest first, with the form to add one (or a sign-in prompt). Plain
 * elements: the section is on a content page's first screen. The form is an MUI island, loaded
 * for a member only.
 */
export function CommentsSection({
  model,
  id,
  total,
  open,
  query,
  loaded,
  onCreate,
  children,
}: CommentsSectionProps) {
  const toast = useToast();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const titleId = `${model}-${id}-comments-title`;

  return (
    <section className={`${paper.outlined} ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Comments <span className={styles.total}>{grouped(total)}</span>
      </h2>
      {open && (
        <div className={styles.form}>
          {isAuthenticated ? (
            <CommentFormIsland
              label="Add a comment"
              submitLabel="Comment"
              onSubmit={async (content) => {
                await onCreate(content);
                toast.success('Your comment is posted.');
              }}
            />
          ) : (
            <SignInPrompt title="Join the conversation">
              Log in to comment, reply and like.
            </SignInPrompt>
          )}
        </div>
      )}
      <LoadMoreList
        query={query}
        count={loaded}
        skeleton={<CommentsSkeleton />}
        failure="The comments could not be loaded."
        empty={
          <p className={styles.empty}>
            {open ? 'No comments yet. Start the conversation.' : 'There are no comments.'}
          </p>
        }
        more={{ label: 'Load more comments', variant: 'outlined', fullWidth: true, sx: { mt: 3 } }}
      >
        <ul className={styles.list} aria-label="Comments">
          {children}
        </ul>
      </LoadMoreList>
    </section>
  );
}
