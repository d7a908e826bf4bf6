import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { screenReaderOnly } from './screen-reader-only';

interface CountStatProps {
  /** A decorative icon before the number. */
  icon: ReactNode;
  /** The count in words ("3 likes"): read by screen readers and shown on hover. */
  label: string;
  /** The count as shown ("1.2k"). */
  value: ReactNode;
}

/**
 * An icon and a number that stand for a count. A plain span may not carry `aria-label` (ARIA
 * names only roles that take one), so the words are screen-reader-only text and the short
 * number is hidden from screen readers instead.
 */
export function CountStat({ icon, label, value }: CountStatProps) {
  return (
    <Box
      component="span"
      title={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        {icon}
        <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
          {value}
        </Typography>
      </Box>
      <Box component="span" sx={screenReaderOnly}>
        {label}
      </Box>
    </Box>
  );
}
