import Box from '@mui/material/Box';

/** A short block of literal text (Markdown, commands) in a monospace box. */
export function CodeSample({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        mb: 1.5,
        p: 2,
        borderRadius: '10px',
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.875rem',
        lineHeight: 1.6,
        overflowX: 'auto',
        whiteSpace: 'pre',
      }}
    >
      {children}
    </Box>
  );
}
