import { Link as RouterLink } from '../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';

/**
 * A feed's "New …" call to action beside its header. Shown to visitors too: the editor's route
 * sends them through login and back.
 */
export function NewContentButton({ to, label }: { to: string; label: string }) {
  return (
    <Box sx={{ mb: { xs: 3, sm: 0 }, display: 'flex' }}>
      <Button
        component={RouterLink}
        to={to}
        variant="contained"
        size="large"
        startIcon={<AddRounded />}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
    </Box>
  );
}
