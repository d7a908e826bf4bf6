import { NavLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MY_CONTENT_TABS } from './my-content-tabs';

/**
 * The member's own lists, as a side panel beside the feed: a list's rows drawn with plain
 * links, so the feed's first load brings none of MUI's list components.
 */
export function MyContentLinks() {
  return (
    <Paper
      component="nav"
      aria-label="Your content"
      variant="outlined"
      sx={{ borderRadius: '16px', overflow: 'hidden', pb: 1 }}
    >
      <Typography
        component="div"
        variant="body2"
        sx={{ px: 2, fontWeight: 700, lineHeight: '44px', color: 'text.secondary' }}
      >
        Your content
      </Typography>
      {MY_CONTENT_TABS.map(({ id, label, icon: Icon }) => (
        <Box
          key={id}
          component={NavLink}
          to={`/my-content/${id}`}
          sx={(theme) => ({
            ...theme.typography.body1,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: 2,
            py: 1,
            color: theme.vars.palette.text.primary,
            textDecoration: 'none',
            '&:hover': { bgcolor: theme.vars.palette.action.hover },
            '&:focus-visible': {
              outline: `2px solid ${theme.vars.palette.primary.main}`,
              outlineOffset: -2,
            },
            '&.active': { bgcolor: theme.vars.palette.action.selected },
          })}
        >
          <Icon fontSize="small" sx={{ color: 'action.active' }} />
          {label}
        </Box>
      ))}
    </Paper>
  );
}
