import { lazy, Suspense, useState } from 'react';
import { CONTENT_MODEL_LABELS } from '@agora/shared';
import type { ContentModel } from '@agora/shared';
import Button from '@mui/material/Button';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import { useSetContentVisibilityMutation } from '../staff-api';

// The dialog (and MUI's Dialog behind it) downloads when staff first hide something.
const HideDialog = lazy(() =>
  import('./hide-dialog').then((module) => ({ default: module.HideDialog })),
);

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
 * again. Renders nothing for anyone else.
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

  return (
    <>
      <Button
        variant={compact ? 'text' : 'outlined'}
        size={compact ? 'small' : 'medium'}
        color={hidden ? 'primary' : 'error'}
        startIcon={compact ? undefined : hidden ? <VisibilityRounded /> : <VisibilityOffRounded />}
        loading={restoring}
        aria-label={`${hidden ? 'Restore' : 'Hide'} this ${name}`}
        onClick={() => {
          if (hidden) {
            void restore();
            return;
          }
          setUsed(true);
          setOpen(true);
        }}
      >
        {hidden ? 'Restore' : 'Hide'}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <HideDialog model={model} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
