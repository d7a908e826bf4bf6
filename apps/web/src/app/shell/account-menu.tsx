import { lazy, Suspense, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded';

// The popup (and MUI's Menu, Popover and Modal behind it) downloads on first use, not with the app.
const AccountMenuPopup = lazy(() =>
  import('./account-menu-popup').then((module) => ({ default: module.AccountMenuPopup })),
);

/** The account button and its menu. */
export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const open = anchor !== null;

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        <AccountCircleRounded />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
