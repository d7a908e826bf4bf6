import { useState } from 'react';
import type { UploadedFile } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import AudioFileRounded from '@mui/icons-material/AudioFileRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { exactTime, formatBytes, timeAgo } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { displayFileName } from '../file-names';
import { useDeleteMemberFileMutation } from '../files-api';

/** The icon and the words for a file's type. */
function kindOf(mimeType: string): { icon: typeof SvgIcon; label: string } {
  if (mimeType.startsWith('image/')) return { icon: ImageRounded, label: 'Picture' };
  if (mimeType.startsWith('audio/')) return { icon: AudioFileRounded, label: 'Audio' };
  if (mimeType === 'application/pdf') return { icon: PictureAsPdfRounded, label: 'PDF' };
  return { icon: DescriptionRounded, label: 'Text' };
}

/** One of the member's files: its type, name, size and date, Download and Delete. */
export function FileRow({ file }: { file: UploadedFile }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading }] = useDeleteMemberFileMutation();
  const name = displayFileName(file.name);
  const kind = kindOf(file.mimeType);
  const Icon = kind.icon;

  const onDelete = async () => {
    try {
      await remove(file.id).unwrap();
      setConfirming(false);
      toast.success(`Deleted ${name}.`);
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={name}
      sx={{
        borderRadius: '12px',
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 2 },
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Box
        sx={{
          width: 48,
          height: 48,
          borderRadius: '10px',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          overflow: 'hidden',
        }}
      >
        {file.image ? (
          <Box
            component="img"
            src={file.image.thumbnails.small.url}
            alt=""
            loading="lazy"
            sx={{ width: 48, height: 48, objectFit: 'cover' }}
          />
        ) : (
          <Icon color="primary" />
        )}
      </Box>
      <Box sx={{ flex: { xs: '1 1 calc(100% - 64px)', sm: 1 }, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {kind.label} · {formatBytes(file.sizeBytes)} ·{' '}
          <time dateTime={file.createdAt} title={exactTime(file.createdAt)}>
            {timeAgo(file.createdAt)}
          </time>
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, ml: { xs: 7.5, sm: 0 }, flexShrink: 0 }}>
        <Button
          component="a"
          href={file.url}
          download={name}
          variant="outlined"
          size="small"
          startIcon={<DownloadRounded />}
          aria-label={`Download ${name}`}
        >
          Download
        </Button>
        <Tooltip title="Delete">
          <IconButton
            aria-label={`Delete ${name}`}
            onClick={() => setConfirming(true)}
            color="error"
            size="small"
          >
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Delete this file?"
        confirmLabel="Delete"
        destructive
        busy={isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirming(false)}
      >
        <strong>{name}</strong> will be deleted for good, and links to it will stop working.
      </ConfirmDialog>
    </Paper>
  );
}
