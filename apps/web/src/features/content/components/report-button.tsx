import { Suspense, useState } from 'react';
import { muiIsland } from '../../../components/mui/mui-island';
import { PlainIcon } from '../../../components/plain-icon';
import { plainIconButton } from '../../../components/plain/button';
import { PlainTooltip } from '../../../components/plain/tooltip';
import type { ContentModel } from '../content-names';
import { CONTENT_NAMES } from '../content-names';
import { useSignInGate } from './use-sign-in-gate';

// The dialog (and MUI's Dialog behind it) downloads when a member first reports something.
const ReportDialog = muiIsland(() =>
  import('./report-dialog').then((module) => module.ReportDialog),
);

export interface ReportButtonProps {
  model: ContentModel;
  id: number;
}

/**
 * A flag button that opens the report dialog; a signed-out visitor is told to log in first and
 * comes back here. A plain button with a plain tooltip: every comment draws one.
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
      <PlainTooltip title="Report">
        <button
          type="button"
          className={plainIconButton({ size: 'small' })}
          aria-label={`Report this ${CONTENT_NAMES[model]}`}
          onClick={start}
        >
          <PlainIcon name="outlinedFlagRounded" size={20} />
        </button>
      </PlainTooltip>
      {used && (
        <Suspense fallback={null}>
          <ReportDialog model={model} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
