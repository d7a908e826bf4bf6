import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface HelpSectionProps {
  /** Anchor for links such as `/userguide#chat`. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A titled section of a help page, readable text width and comfortable rhythm. */
export function HelpSection({ id, title, children }: HelpSectionProps) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{
        scrollMarginTop: 96,
        '& + &': { mt: 5 },
        '& p': { mt: 0, mb: 1.5, lineHeight: 1.7 },
        '& ul, & ol': { mt: 0, mb: 1.5, pl: 3, lineHeight: 1.7 },
        '& li': { mb: 0.5 },
      }}
    >
      <Typography id={`${id}-title`} variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
