import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { formatBytes } from '../lib/format';
import type { UploadItem } from './use-upload-queue';

function statusText(item: UploadItem): string {
  if (item.status === 'waiting') return 'Waiting';
  if (item.status === 'uploading') return `${Math.round(item.progress * 100)}%`;
  if (item.status === 'done') return 'Uploaded';
  return 'Not uploaded';
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: (key: string) => void }) {
  const finished = item.status === 'done' || item.status === 'failed';
  return (
    <Box
      component="li"
      aria-label={item.name}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1.25 }}
    >
      <Box sx={{ pt: 0.25, width: 24, flexShrink: 0, display: 'flex' }}>
        {item.status === 'done' && <CheckCircleRounded color="success" fontSize="small" />}
        {item.status === 'failed' && <ErrorOutlineRounded color="error" fontSize="small" />}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
            {item.name}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ flexShrink: 0 }}>
            {formatBytes(item.sizeBytes)} · {statusText(item)}
          </Typography>
        </Box>
        {item.status === 'failed' ? (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {item.error}
          </Typography>
        ) : (
          <LinearProgress
            variant={item.status === 'waiting' ? 'indeterminate' : 'determinate'}
            value={item.progress * 100}
            color={item.status === 'done' ? 'success' : 'primary'}
            aria-label={`Upload of ${item.name}`}
            sx={{ mt: 0.75, borderRadius: 1, height: 6 }}
          />
        )}
      </Box>
      {finished && (
        <IconButton
          size="small"
          aria-label={`Dismiss ${item.name}`}
          onClick={() => onDismiss(item.key)}
          sx={{ mt: -0.5 }}
        >
          <CloseRounded fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

interface UploadListProps {
  items: UploadItem[];
  onDismiss: (key: string) => void;
  onClearFinished: () => void;
}

/** The files of an upload queue, each with its own progress bar and, if refused, why. */
export function UploadList({ items, onDismiss, onClearFinished }: UploadListProps) {
  if (items.length === 0) return null;
  const finished = items.filter((item) => item.status === 'done' || item.status === 'failed');
  return (
    <Paper
      component="section"
      aria-label="Uploads"
      variant="outlined"
      sx={{ borderRadius: '16px', px: 2, py: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h2">
          Uploads
        </Typography>
        {finished.length > 0 && (
          <Button size="small" onClick={onClearFinished}>
            Clear finished
          </Button>
        )}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <UploadRow key={item.key} item={item} onDismiss={onDismiss} />
        ))}
      </Box>
    </Paper>
  );
}
