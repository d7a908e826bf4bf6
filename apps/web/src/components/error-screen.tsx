import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import { accentColor } from './accent-color';

interface ErrorScreenProps {
  icon: typeof SvgIcon;
  title: string;
  text: string;
  /** Links or buttons that help the member get going again. */
  actions?: ReactNode;
}

/** The shared layout of the full-page error screens. */
export function ErrorScreen({ icon: Icon, title, text, actions }: ErrorScreenProps) {
  return (
    <Box
      component="section"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        py: 8,
      }}
    >
      <Box
        sx={(theme) => ({
          width: 88,
          height: 88,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          ...accentColor(theme),
        })}
      >
        <Icon sx={{ fontSize: 44 }} />
      </Box>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ maxWidth: 520 }}>
        {text}
      </Typography>
      {actions && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>
          {actions}
        </Box>
      )}
    </Box>
  );
}
