import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageHeaderProps {
  title: string;
  /** One or two sentences under the title saying what the page is for. */
  children?: ReactNode;
  /** The page's main button ("New album"): beside the title, or under it on a phone. */
  action?: ReactNode;
}

/** A page's h1 and introduction. */
export function PageHeader({ title, children, action }: PageHeaderProps) {
  const header = (
    <Box sx={{ mb: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {title}
      </Typography>
      {children && (
        <Typography
          component="div"
          color="textSecondary"
          sx={{ mt: 1.5, fontSize: '1.125rem', maxWidth: 720 }}
        >
          {children}
        </Typography>
      )}
    </Box>
  );
  if (!action) return header;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      {header}
      <Box sx={{ mb: { xs: 3, sm: 0 }, display: 'flex', flexShrink: 0 }}>{action}</Box>
    </Box>
  );
}
