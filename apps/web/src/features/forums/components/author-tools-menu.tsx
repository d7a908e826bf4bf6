import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import type { Discussion } from '@agora/shared';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useArchiveDiscussionMutation, useDeleteDiscussionMutation } from '../forums-api';
import { ConfirmDialog } from '../../../components/confirm-dialog';

type Pending = 'archive' | 'delete' | null;

export interface AuthorToolsMenuProps {
  discussion: Discussion;
  /** The "More actions" button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The author's archive and delete, each confirmed: MUI's Menu and dialogs, loaded as an island
 * when the author first opens the menu (author-tools.tsx draws the buttons).
 */
export function AuthorToolsMenu({ discussion, anchor, onClose }: AuthorToolsMenuProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [archive, archiving] = useArchiveDiscussionMutation();
  const [remove, removing] = useDeleteDiscussionMutation();

  const onArchive = async () => {
    try {
      await archive(discussion.id).unwrap();
      setPending(null);
      toast.success('The discussion is archived. Its link keeps working.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const onDelete = async () => {
    try {
      await remove(discussion.id).unwrap();
      toast.success('The discussion is deleted.');
      await navigate('/discussions', { replace: true });
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {discussion.status === 'published' && (
          <MenuItem
            onClick={() => {
              onClose();
              setPending('archive');
            }}
          >
            <ListItemIcon>
              <ArchiveOutlined fontSize="small" />
            </ListItemIcon>
            Archive
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            onClose();
            setPending('delete');
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlineRounded fontSize="small" />
          </ListItemIcon>
          Delete
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={pending === 'archive'}
        title="Archive this discussion?"
        confirmLabel="Archive"
        busy={archiving.isLoading}
        onConfirm={() => void onArchive()}
        onClose={() => setPending(null)}
      >
        It leaves the lists and search, and nobody can change it any more, but its link keeps
        working for anyone who has it.
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'delete'}
        title="Delete this discussion?"
        confirmLabel="Delete"
        destructive
        busy={removing.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setPending(null)}
      >
        Its comments, likes and poll are deleted with it. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
