import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

interface HomePanelProps {
  title: string;
  /** "Open chat", "See all": the page this panel summarises. */
  more?: { label: string; to: string };
  children: ReactNode;
}

/** A small titled box beside the home page's list. */
export function HomePanel({ title, more, children }: HomePanelProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderRadius: '16px', overflow: 'hidden' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          id={titleId}
          variant="h2"
          sx={{ fontSize: '1.05rem', fontWeight: 700, flex: 1 }}
        >
          {title}
        </Typography>
        {more && (
          <Button component={RouterLink} to={more.to} size="small">
            {more.label}
          </Button>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/** A quiet line for a panel with nothing to show. */
export function PanelNote({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 2 }}>
      {children}
    </Typography>
  );
}

/** Placeholder lines while a panel loads. */
export function PanelSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <Box aria-hidden sx={{ px: 2, pb: 1.5 }}>
      {Array.from({ length: lines }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 0.75 }}>
          <Skeleton variant="circular" width={32} height={32} />
          <Skeleton sx={{ flex: 1 }} height={20} />
        </Box>
      ))}
    </Box>
  );
}
