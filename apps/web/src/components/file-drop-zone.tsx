import { useId, useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';

interface FileDropZoneProps {
  /** The button's words: "Upload pictures". */
  label: string;
  /** What may be chosen, as the file input's `accept`. */
  accept?: string;
  /** One sentence under the button: which files, how large. */
  hint: ReactNode;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * Where files are chosen: a button opening the system's picker (what a keyboard and a phone
 * use), and an area files can be dropped on from the desktop.
 */
export function FileDropZone({
  label,
  accept,
  hint,
  disabled = false,
  onFiles,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: '16px',
        px: 2,
        py: { xs: 2.5, sm: 3 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 1, sm: 2 },
        textAlign: { xs: 'center', sm: 'left' },
      }}
    >
      <Button
        variant="contained"
        startIcon={<CloudUploadRounded />}
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
      <Typography id={hintId} variant="body2" color="textSecondary">
        {hint}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple
        hidden
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again after a refusal sends it again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
