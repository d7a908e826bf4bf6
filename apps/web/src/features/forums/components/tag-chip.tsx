import { Link as RouterLink } from '../../../lib/router';
import Chip from '@mui/material/Chip';

/** A tag, linking to the feed filtered by it. */
export function TagChip({ tag }: { tag: string }) {
  return (
    <Chip
      component={RouterLink}
      to={`/discussions?tag=${encodeURIComponent(tag)}`}
      clickable
      size="small"
      label={`#${tag}`}
      sx={{ position: 'relative', zIndex: 1, fontWeight: 500, bgcolor: 'action.hover' }}
    />
  );
}
