import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import { MY_CONTENT_TABS } from './my-content-tabs';

/** The member's own lists, as a side panel beside the feed. */
export function MyContentLinks() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
      <List
        component="nav"
        aria-label="Your content"
        subheader={
          // In a nav the list is no <ul>, so its heading may not be an <li>.
          <ListSubheader
            component="div"
            sx={{ bgcolor: 'transparent', fontWeight: 700, lineHeight: '44px' }}
          >
            Your content
          </ListSubheader>
        }
      >
        {MY_CONTENT_TABS.map(({ id, label, icon: Icon }) => (
          <ListItemButton key={id} component={NavLink} to={`/my-content/${id}`}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={label} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
