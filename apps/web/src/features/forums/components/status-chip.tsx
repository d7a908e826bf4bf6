import { CONTENT_STATUS_LABELS } from '@agora/shared';
import type { ContentStatus } from '@agora/shared';
import Chip from '@mui/material/Chip';

const COLORS = { draft: 'info', archived: 'default', hidden: 'warning' } as const;

/** Marks a discussion that is not simply published; nothing for a published one. */
export function StatusChip({ status }: { status: ContentStatus }) {
  if (status === 'published') return null;
  return (
    <Chip
      size="small"
      label={CONTENT_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={status === 'archived' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}
