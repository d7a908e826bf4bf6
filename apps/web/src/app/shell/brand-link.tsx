import { Link as RouterLink } from '../../lib/router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AgoraLogo } from '../../components/agora-logo';

/** Logo and name, leading home. */
export function BrandLink({ onClick }: { onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      aria-label="Agora home"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: 2,
        flexShrink: 0,
      }}
    >
      <AgoraLogo size={32} title="" />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: '-0.01em' }}
      >
        Agora
      </Typography>
    </Box>
  );
}
