import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import { chatName } from '../chat-format';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';

interface ConversationHeaderProps {
  displayName: string;
  chatProfile: string | null;
  /**
   * Phones show the list and the conversation one at a time: this goes back to the list, and
   * the member's name is then the page's main heading.
   */
  onBack?: () => void;
  /** Whether the member blocked the other; null when the chat has not started yet. */
  blockedByMe: boolean | null;
  onBlock: () => void;
  onUnblock: () => void;
  /** Absent while the chat has not started: there is nothing to delete. */
  onDelete?: () => void;
}

/** Who the conversation is with, and the menu to block, unblock or delete it. */
export function ConversationHeader({
  displayName,
  chatProfile,
  onBack,
  blockedByMe,
  onBlock,
  onUnblock,
  onDelete,
}: ConversationHeaderProps) {
  const name = chatName(displayName);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const hasMenu = blockedByMe !== null || onDelete !== undefined;

  const close = () => setAnchor(null);

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 1, sm: 2 },
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {onBack && (
        <IconButton aria-label="Back to conversations" onClick={onBack}>
          <ArrowBackRounded />
        </IconButton>
      )}
      <Avatar name={name} src={chatProfile} size={40} />
      <Typography
        variant="h2"
        component={onBack ? 'h1' : 'h2'}
        noWrap
        sx={{ flex: 1, fontSize: '1.1rem', fontWeight: 700 }}
      >
        {name}
      </Typography>
      {hasMenu && (
        <IconButton
          aria-label="Conversation options"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertRounded />
        </IconButton>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {blockedByMe === false && (
          <MenuItem
            onClick={() => {
              close();
              onBlock();
            }}
          >
            <ListItemIcon>
              <BlockRounded fontSize="small" />
            </ListItemIcon>
            Block {name}
          </MenuItem>
        )}
        {blockedByMe === true && (
          <MenuItem
            onClick={() => {
              close();
              onUnblock();
            }}
          >
            <ListItemIcon>
              <LockOpenRounded fontSize="small" />
            </ListItemIcon>
            Unblock {name}
          </MenuItem>
        )}
        {onDelete && (
          <MenuItem
            onClick={() => {
              close();
              setConfirming(true);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlineRounded fontSize="small" />
            </ListItemIcon>
            Delete conversation
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={confirming}
        title="Delete this conversation?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          setConfirming(false);
          onDelete?.();
        }}
        onClose={() => setConfirming(false)}
      >
        It leaves your list until {name} writes again. {name} keeps their copy.
      </ConfirmDialog>
    </Box>
  );
}
