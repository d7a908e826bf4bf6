import { Suspense, useState } from 'react';
import { CONTENT_MODEL_LABELS } from '@agora/shared';
import type { ContentModel } from '@agora/shared';
import { muiIsland } from '../../../components/mui/mui-island';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { ButtonSpinner, buttonLoadingClass } from '../../../components/plain/spinner';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import { useSetContentVisibilityMutation } from '../staff-api';
import styles from './visibility-button.module.css';

// The dialog (and MUI's Dialog behind it) downloads when staff first hide something.
const HideDialog = muiIsland(() => import('./hide-dialog').then((module) => module.HideDialog));

export interface VisibilityButtonProps {
  model: ContentModel;
  id: number;
  /** Hidden from members now (by reports or staff). */
  hidden: boolean;
  /** `compact`: a small text button, for comment rows. */
  variant?: 'outlined' | 'compact';
}

/**
 * Staff only: "Hide" asks why and hides a post from members; "Restore" shows a hidden post
 * again. Renders nothing for anyone else. A plain button, on the first screen of every post.
 */
export function VisibilityButton({
  model,
  id,
  hidden,
  variant = 'outlined',
}: VisibilityButtonProps) {
  const isStaff = useAppSelector(selectProfile)?.isStaff === true;
  const toast = useToast();
  const [setVisibility, { isLoading: restoring }] = useSetContentVisibilityMutation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!isStaff) return null;

  const name = CONTENT_MODEL_LABELS[model].toLowerCase();
  const compact = variant === 'compact';
  const restore = async () => {
    try {
      await setVisibility({ model, id, reason: '', hidden: false }).unwrap();
      toast.success(`The ${name} is shown to members again.`);
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const label = hidden ? 'Restore' : 'Hide';
  const look = plainButton({
    variant: compact ? 'text' : 'outlined',
    size: compact ? 'small' : 'medium',
    color: hidden ? 'primary' : 'inherit',
  });
  const classes = [
    look,
    hidden ? undefined : styles.error,
    restoring ? buttonLoadingClass : undefined,
  ];

  return (
    <>
      <button
        type="button"
        className={classes.filter(Boolean).join(' ')}
        disabled={restoring}
        aria-label={`${label} this ${name}`}
        onClick={() => {
          if (hidden) {
            void restore();
            return;
          }
          setUsed(true);
          setOpen(true);
        }}
      >
        {restoring && <ButtonSpinner label={`${label} this ${name}`} />}
        {!compact && (
          <span className={startIconClass}>
            <PlainIcon name={hidden ? 'visibilityRounded' : 'visibilityOffRounded'} size={20} />
          </span>
        )}
        {label}
      </button>
      {used && (
        <Suspense fallback={null}>
          <HideDialog model={model} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
