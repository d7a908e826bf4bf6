import { useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MarkdownView } from '../../../../components/markdown-view';

interface MarkdownFieldProps {
  /** The text area (a react-hook-form bound TextField). */
  editor: ReactNode;
  /** The current text, for the preview. */
  value: string;
}

function Preview({ value }: { value: string }) {
  return (
    <Paper
      variant="outlined"
      aria-label="Preview"
      role="region"
      sx={{
        borderRadius: '12px',
        p: 2.5,
        minHeight: 320,
        height: '100%',
        bgcolor: 'background.default',
      }}
    >
      {value.trim() ? (
        <MarkdownView source={value} />
      ) : (
        <Typography color="textSecondary">
          Nothing to preview yet. Write something first.
        </Typography>
      )}
    </Paper>
  );
}

/** Markdown with a live preview: side by side from md up, Write / Preview tabs below. */
export function MarkdownField({ editor, value }: MarkdownFieldProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  // One tree for both layouts: the editor keeps its place, so a resize or a rotated phone never
  // remounts the text area (which would lose focus and leave its label over the text).
  return (
    <Box>
      {!wide && (
        <Tabs
          value={tab}
          onChange={(_event, next: 'write' | 'preview') => setTab(next)}
          aria-label="Write or preview"
          sx={{ mb: 1.5, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          <Tab value="write" label="Write" />
          <Tab value="preview" label="Preview" />
        </Tabs>
      )}
      <Box
        sx={
          wide
            ? { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, alignItems: 'stretch' }
            : undefined
        }
      >
        {/* Hidden, not unmounted: the field keeps its registration and focus handling. */}
        <Box sx={{ display: wide || tab === 'write' ? 'block' : 'none' }}>{editor}</Box>
        {(wide || tab === 'preview') && <Preview value={value} />}
      </Box>
    </Box>
  );
}
