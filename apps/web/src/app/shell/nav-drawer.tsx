import { NavLink } from '../../lib/router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import HomeRounded from '@mui/icons-material/HomeRounded';
import { PlainIcon } from '../../components/plain-icon';
import { BrandLink } from './brand-link';
import { HELP_NAV, MAIN_NAV } from './nav-items';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
}

const itemSx = {
  borderRadius: '10px',
  mx: 1,
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
} as const;

/** The navigation below md, opened from the top bar's menu button. */
export function NavDrawer({ open, onClose }: NavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box sx={{ px: 2.5, py: 2 }}>
        <BrandLink onClick={onClose} />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main">
        <List>
          <ListItemButton component={NavLink} to="/" end onClick={onClose} sx={itemSx}>
            <ListItemIcon>
              <HomeRounded />
            </ListItemIcon>
            <ListItemText primary="Home" />
          </ListItemButton>
          {MAIN_NAV.map(({ label, to, icon, Badge }) => (
            <ListItemButton key={to} component={NavLink} to={to} onClick={onClose} sx={itemSx}>
              <ListItemIcon>
                {Badge ? (
                  <Badge>
                    <PlainIcon name={icon} size={24} />
                  </Badge>
                ) : (
                  <PlainIcon name={icon} size={24} />
                )}
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Divider />
      <List subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>Help</ListSubheader>}>
        {HELP_NAV.map(({ label, to }) => (
          <ListItemButton key={to} component={NavLink} to={to} onClick={onClose} sx={itemSx}>
            <ListItemText primary={label} />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  );
}
