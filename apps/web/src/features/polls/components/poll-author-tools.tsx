import { useState } from 'react';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import type { Poll } from '@agora/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useDeletePollMutation } from '../polls-api';

/** The author's edit and delete; deleting is confirmed, as it cannot be taken back. */
export function PollAuthorTools({ poll }: { poll: Poll }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeletePollMutation();
  const editable = poll.status === 'draft' || poll.status === 'published';

  const onDelete = async () => {
    try {
      await remove(poll.id).unwrap();
      toast.success('The poll is deleted.');
      await navigate('/polls', { replace: true });
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {editable && (
        <Button
          component={RouterLink}
          to={`/polls/${poll.id}/edit`}
          variant="outlined"
          size="small"
          startIcon={<EditRounded />}
        >
          Edit
        </Button>
      )}
      <Button
        variant="outlined"
        color="error"
        size="small"
        startIcon={<DeleteOutlineRounded />}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete this poll?"
        confirmLabel="Delete"
        destructive
        busy={removing.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirming(false)}
      >
        Its votes, comments and likes are deleted with it. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
