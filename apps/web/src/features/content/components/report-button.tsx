import { lazy, Suspense, useState } from 'react';
import Tooltip from '@mui/material/Tooltip';
import { PlainIcon } from '../../../components/plain-icon';
import { plainIconButton } from '../../../components/plain/button';
import type { ContentModel } from '../content-names';
import { CONTENT_NAMES } from '../content-names';
import { useSignInGate } from './use-sign-in-gate';

// The dialog (and MUI's Dialog behind it) downloads when a member first reports something.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

export interface ReportButtonProps {
  model: ContentModel;
  id: number;
}

/**
 * A flag button that opens the report dialog; a signed-out visitor is told to log in first and
 * comes back here. A plain button (every comment draws one); MUI's Tooltip around it draws
 * nothing until it opens.
 */
export function ReportButton({ model, id }: ReportButtonProps) {
  const signedIn = useSignInGate();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  const start = () => {
    if (!signedIn('report')) return;
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <Tooltip title="Report">
        <button
          type="button"
          className={plainIconButton({ size: 'small' })}
          aria-label={`Report this ${CONTENT_NAMES[model]}`}
          onClick={start}
        >
          <PlainIcon name="outlinedFlagRounded" size={20} />
        </button>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <ReportDialog model={model} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
