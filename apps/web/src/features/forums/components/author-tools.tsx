import { useState } from 'react';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import type { Discussion } from '@agora/shared';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useArchiveDiscussionMutation, useDeleteDiscussionMutation } from '../forums-api';
import { ConfirmDialog } from '../../../components/confirm-dialog';

type Pending = 'archive' | 'delete' | null;

/** The author's edit, archive and delete, each confirmed where it cannot be taken back. */
export function AuthorTools({ discussion }: { discussion: Discussion }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [archive, archiving] = useArchiveDiscussionMutation();
  const [remove, removing] = useDeleteDiscussionMutation();
  const editable = discussion.status === 'draft' || discussion.status === 'published';

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
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {editable && (
        <Button
          component={RouterLink}
          to={`/discussions/${discussion.id}/edit`}
          variant="outlined"
          size="small"
          startIcon={<EditRounded />}
        >
          Edit
        </Button>
      )}
      <IconButton
        aria-label="More actions"
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {discussion.status === 'published' && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
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
            setAnchor(null);
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
    </Stack>
  );
}
