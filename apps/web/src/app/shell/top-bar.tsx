import { NavLink } from '../../lib/router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuRounded from '@mui/icons-material/MenuRounded';
import { accentColor } from '../../components/accent-color';
import { selectIsAuthenticated } from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { AccountMenu } from './account-menu';
import { BrandLink } from './brand-link';
import { MAIN_NAV } from './nav-items';
import { SearchForm, useSearchDraft } from './search-form';
import { useAppSelector } from '../../lib/hooks';

interface TopBarProps {
  onOpenNavigation: () => void;
  /** Phones show the search row; a page that owns the screen (an open chat) turns it off. */
  phoneSearch: boolean;
}

/**
 * From md up the areas are links in the bar; below md they move into the drawer. On phones the
 * search field takes a row of its own so it stays wide enough to type in.
 */
export function TopBar({ onOpenNavigation, phoneSearch }: TopBarProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const searchDraft = useSearchDraft();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);

  return (
    <AppBar
      position="sticky"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 1, md: 2 } }}>
          {!wide && (
            <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNavigation}>
              <MenuRounded />
            </IconButton>
          )}
          <BrandLink />
          {wide && (
            <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, ml: 2 }}>
              {MAIN_NAV.map((item) => (
                <Button
                  key={item.to}
                  component={NavLink}
                  to={item.to}
                  color="inherit"
                  sx={(t) => ({
                    color: t.vars.palette.text.secondary,
                    px: 1.5,
                    '&.active': { ...accentColor(t), bgcolor: t.vars.palette.action.selected },
                  })}
                >
                  {item.Badge ? <item.Badge>{item.label}</item.Badge> : item.label}
                </Button>
              ))}
            </Box>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {!phone && <SearchForm draft={searchDraft} />}
          {/* A visitor has no notifications: Log in and Sign up stand in its place. */}
          {isAuthenticated && <NotificationBell />}
          <AccountMenu />
        </Toolbar>
        {phone && phoneSearch && (
          <Toolbar variant="dense" sx={{ pb: 1.5 }}>
            <SearchForm draft={searchDraft} fullWidth />
          </Toolbar>
        )}
      </Container>
    </AppBar>
  );
}
