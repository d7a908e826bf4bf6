import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { renderMarkdown } from '../lib/markdown';

interface MarkdownViewProps {
  /** Markdown as a member wrote it. */
  source: string;
  /** Smaller type for comments. */
  dense?: boolean;
  sx?: SxProps<Theme>;
}

const proseSx: SxProps<Theme> = (theme) => ({
  overflowWrap: 'anywhere',
  lineHeight: 1.7,
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p, & ul, & ol, & blockquote, & pre, & table': { my: 1.5 },
  '& h1, & h2, & h3, & h4, & h5, & h6': { mt: 3, mb: 1, lineHeight: 1.3, fontWeight: 700 },
  '& h1': { fontSize: '1.6rem' },
  '& h2': { fontSize: '1.4rem' },
  '& h3': { fontSize: '1.2rem' },
  '& h4, & h5, & h6': { fontSize: '1.05rem' },
  '& ul, & ol': { pl: 3 },
  '& li + li': { mt: 0.5 },
  '& a': {
    color: theme.vars.palette.primary.main,
    fontWeight: 500,
    ...theme.applyStyles('dark', { color: theme.vars.palette.primary.light }),
  },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: '8px' },
  '& blockquote': {
    mx: 0,
    pl: 2,
    borderLeft: `4px solid ${theme.vars.palette.divider}`,
    color: theme.vars.palette.text.secondary,
  },
  '& pre': {
    p: 2,
    overflowX: 'auto',
    borderRadius: '10px',
    bgcolor: 'action.hover',
    '& code': { p: 0, bgcolor: 'transparent' },
  },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
  '& th, & td': { border: `1px solid ${theme.vars.palette.divider}`, px: 1.5, py: 0.75 },
  '& hr': { border: 0, borderTop: `1px solid ${theme.vars.palette.divider}`, my: 3 },
});

/**
 * Member-written Markdown as sanitised HTML (`lib/markdown.ts`): links open in a new tab with
 * `rel="nofollow ugc noopener"`, images load lazily, scripts and event handlers never survive.
 */
export function MarkdownView({ source, dense = false, sx }: MarkdownViewProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Box
      className="markdown-view"
      sx={[
        proseSx,
        { fontSize: dense ? '0.95rem' : '1.05rem' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
