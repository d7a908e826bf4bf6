import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import { accentColor } from './accent-color';

interface EmptyStateProps {
  icon: typeof SvgIcon;
  title: string;
  children: ReactNode;
  /** Buttons or links offering the next step. */
  actions?: ReactNode;
}

/** A calm placeholder for "nothing here (yet)", with a way forward. */
export function EmptyState({ icon: Icon, title, children, actions }: EmptyStateProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        borderRadius: '20px',
        borderStyle: 'dashed',
        px: { xs: 3, sm: 6 },
        py: { xs: 6, sm: 8 },
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box
        sx={(theme) => ({
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          ...accentColor(theme),
        })}
      >
        <Icon sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      <Typography component="div" color="textSecondary" sx={{ maxWidth: 560 }}>
        {children}
      </Typography>
      {actions && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>
          {actions}
        </Box>
      )}
    </Paper>
  );
}
