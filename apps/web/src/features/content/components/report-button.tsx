import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReportModel } from '@agora/shared';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import OutlinedFlagRounded from '@mui/icons-material/OutlinedFlagRounded';
import { useAppSelector } from '../../../lib/hooks';
import { loginPathFor, selectIsAuthenticated } from '../../auth';

// The dialog (and MUI's Dialog behind it) downloads when a member first reports something.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

export interface ReportButtonProps {
  model: ReportModel;
  id: number;
}

const LABELS: Record<ReportModel, string> = {
  forum: 'Report this discussion',
  comment: 'Report this comment',
  subcomment: 'Report this reply',
};

/**
 * A flag button that opens the report dialog; a signed-out visitor is sent to log in first and
 * comes back here.
 */
export function ReportButton({ model, id }: ReportButtonProps) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  const start = () => {
    if (!isAuthenticated) {
      void navigate(loginPathFor(location.pathname + location.search));
      return;
    }
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <Tooltip title="Report">
        <IconButton aria-label={LABELS[model]} size="small" onClick={start}>
          <OutlinedFlagRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <ReportDialog model={model} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
