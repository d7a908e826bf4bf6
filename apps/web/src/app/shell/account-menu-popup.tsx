import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LoginRounded from '@mui/icons-material/LoginRounded';
import PersonAddRounded from '@mui/icons-material/PersonAddRounded';

interface AccountMenuPopupProps {
  id: string;
  /** The account button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu. Signed out it offers log-in and sign-up; the auth issue adds the signed-in items. */
export function AccountMenuPopup({ id, anchor, onClose }: AccountMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem component={RouterLink} to="/login" onClick={onClose}>
        <ListItemIcon>
          <LoginRounded fontSize="small" />
        </ListItemIcon>
        Log in
      </MenuItem>
      <MenuItem component={RouterLink} to="/register" onClick={onClose}>
        <ListItemIcon>
          <PersonAddRounded fontSize="small" />
        </ListItemIcon>
        Sign up
      </MenuItem>
    </Menu>
  );
}
