import { Link as RouterLink } from '../../lib/router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import GavelRounded from '@mui/icons-material/GavelRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import { logout } from '../../features/auth';
import { displayNameOf, selectProfile, UserAvatar } from '../../features/users';
import { api } from '../../lib/api';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useToast } from '../../lib/toasts/use-toast';

interface AccountMenuPopupProps {
  id: string;
  /** The account button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The signed-in member's account menu: who they are, their pages and log-out. */
export function AccountMenuPopup({ id, anchor, onClose }: AccountMenuPopupProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const profile = useAppSelector(selectProfile);

  const signOut = async () => {
    onClose();
    const result = await dispatch(logout());
    if (logout.fulfilled.match(result)) {
      // Nothing fetched for this member may show to the next one.
      dispatch(api.util.resetApiState());
      toast.success('You are logged out. See you soon!');
    } else {
      toast.error('Logging out failed. Try again.');
    }
  };

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220 } } }}
    >
      {[
        profile && (
          <Box
            key="who"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 1, pb: 1.5 }}
          >
            <UserAvatar user={profile} size={40} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {displayNameOf(profile)}
              </Typography>
              <Typography variant="body2" color="textSecondary" noWrap>
                @{profile.username}
              </Typography>
            </Box>
          </Box>
        ),
        profile && <Divider key="d1" />,
        profile && (
          <MenuItem
            key="profile"
            component={RouterLink}
            to={`/user-info/${encodeURIComponent(profile.username)}`}
            onClick={onClose}
          >
            <ListItemIcon>
              <PersonRounded fontSize="small" />
            </ListItemIcon>
            Profile
          </MenuItem>
        ),
        <MenuItem key="my-content" component={RouterLink} to="/my-content/posted" onClick={onClose}>
          <ListItemIcon>
            <ArticleRounded fontSize="small" />
          </ListItemIcon>
          My content
        </MenuItem>,
        <MenuItem key="files" component={RouterLink} to="/files" onClick={onClose}>
          <ListItemIcon>
            <FolderRounded fontSize="small" />
          </ListItemIcon>
          Your files
        </MenuItem>,
        <MenuItem key="settings" component={RouterLink} to="/setting" onClick={onClose}>
          <ListItemIcon>
            <SettingsRounded fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>,
        profile?.isStaff && (
          <MenuItem key="moderation" component={RouterLink} to="/moderation" onClick={onClose}>
            <ListItemIcon>
              <GavelRounded fontSize="small" />
            </ListItemIcon>
            Moderation
          </MenuItem>
        ),
        <Divider key="d2" />,
        <MenuItem key="logout" onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>,
      ]}
    </Menu>
  );
}
