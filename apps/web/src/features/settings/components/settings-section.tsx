import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the top right of the section, beside the title. */
  action?: ReactNode;
  tone?: 'default' | 'danger';
}

/** One card of the settings page: a heading, a sentence and its controls. */
export function SettingsSection({
  title,
  description,
  children,
  action,
  tone = 'default',
}: SettingsSectionProps) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{
        borderRadius: '16px',
        p: { xs: 2.5, sm: 4 },
        ...(tone === 'danger' && { borderColor: 'error.main' }),
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          {description && (
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
