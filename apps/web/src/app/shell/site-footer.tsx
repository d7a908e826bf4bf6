import { Link as RouterLink } from '../../lib/router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { HELP_NAV } from './nav-items';

export function SiteFooter() {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4, mt: 'auto' }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Typography variant="body2" color="textSecondary">
          Agora is free, open-source software under the GNU AGPL v3.
        </Typography>
        <Box component="nav" aria-label="Help" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {HELP_NAV.map(({ label, to }) => (
            <Link key={to} component={RouterLink} to={to} variant="body2">
              {label}
            </Link>
          ))}
          <Link component={RouterLink} to="/contactus" variant="body2">
            Contact us
          </Link>
        </Box>
      </Container>
    </Box>
  );
}
