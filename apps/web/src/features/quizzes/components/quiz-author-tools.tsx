import { useState } from 'react';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import type { Quiz } from '@agora/shared';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useDeleteQuizMutation } from '../quizzes-api';

/** The author's edit and delete; deleting asks first, since it cannot be undone. */
export function QuizAuthorTools({ quiz }: { quiz: Quiz }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteQuizMutation();
  const editable = quiz.status === 'draft' || quiz.status === 'published';

  const onDelete = async () => {
    try {
      await remove(quiz.id).unwrap();
      toast.success('The quiz is deleted.');
      await navigate('/quizzes', { replace: true });
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {editable && (
        <Button
          component={RouterLink}
          to={`/quizzes/${quiz.id}/edit`}
          variant="outlined"
          size="small"
          startIcon={<EditRounded />}
        >
          Edit
        </Button>
      )}
      <Tooltip title="Delete">
        <IconButton aria-label="Delete this quiz" onClick={() => setConfirming(true)}>
          <DeleteOutlineRounded />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title="Delete this quiz?"
        confirmLabel="Delete"
        destructive
        busy={removing.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirming(false)}
      >
        Its answers, comments, likes and up-votes are deleted with it. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
