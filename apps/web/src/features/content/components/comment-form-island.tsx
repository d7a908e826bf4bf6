import { Suspense } from 'react';
import { muiIsland } from '../../../components/mui/mui-island';
import { plainButton } from '../../../components/plain/button';
import type { CommentFormProps } from './comment-form';
import styles from './comment-form-island.module.css';

/** The hint under the text box, in the form and in its placeholder alike. */
export const COMMENT_HINT = 'Markdown works here: **bold**, _italic_, [links](https://…).';

// The form (react-hook-form, zod and MUI's text field) downloads once a member needs it.
const CommentForm = muiIsland(() => import('./comment-form').then((module) => module.CommentForm));

/**
 * The form's look while it loads, to the pixel: an empty outlined field with its label, the
 * hint and the buttons. Hidden from screen readers, which meet the form itself a moment later.
 */
function CommentFormPlaceholder({ label, submitLabel, onCancel }: CommentFormProps) {
  return (
    <div className={styles.placeholder} aria-hidden>
      <div className={styles.field}>
        <span className={styles.label}>{label}</span>
      </div>
      <p className={styles.hint}>{COMMENT_HINT}</p>
      <div className={styles.actions}>
        {onCancel && <span className={plainButton()}>Cancel</span>}
        <span className={plainButton({ variant: 'contained' })}>{submitLabel}</span>
      </div>
    </div>
  );
}

/** A comment, reply or edit form: MUI's, as an island, in the place its placeholder kept. */
export function CommentFormIsland(props: CommentFormProps) {
  return (
    <Suspense fallback={<CommentFormPlaceholder {...props} />}>
      <CommentForm {...props} />
    </Suspense>
  );
}
