import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AgoraLogo } from '../../../components/agora-logo';

interface AuthCardProps {
  /** The page's h1, also its name in the browser tab. */
  title: string;
  /** One sentence under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card ("New here? Sign up"). */
  footer?: ReactNode;
}

/** A centred card for the account forms: a card on wider screens, the full width on phones. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: { xs: 0, sm: 3 },
        py: { xs: 0, sm: 6, md: 8 },
      }}
    >
      <title>{`${title} · Agora`}</title>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: { sm: 460 },
          px: { xs: 2.5, sm: 5 },
          py: { xs: 4, sm: 5 },
          borderRadius: { xs: 0, sm: '20px' },
          borderLeftWidth: { xs: 0, sm: 1 },
          borderRightWidth: { xs: 0, sm: 1 },
          borderTopWidth: { xs: 0, sm: 1 },
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
          <AgoraLogo size={44} title="" />
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.625rem', sm: '1.875rem' }, mt: 2, textAlign: 'center' }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography
              component="div"
              color="textSecondary"
              sx={{ mt: 1, textAlign: 'center', maxWidth: 360 }}
            >
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </Paper>
      {footer && (
        <Typography
          component="div"
          color="textSecondary"
          sx={{ mt: 3, mb: { xs: 4, sm: 0 }, px: 2, textAlign: 'center' }}
        >
          {footer}
        </Typography>
      )}
    </Box>
  );
}
