import type { SnippetPart } from '@agora/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A search snippet: the server sends plain-text parts, so each becomes a React text node and
 * no member's markup is ever interpreted; the matching words are marked.
 */
export function SnippetText({ parts }: { parts: SnippetPart[] }) {
  return (
    <Typography
      color="textSecondary"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {parts.map((part, index) =>
        part.highlighted ? (
          <Box
            key={index}
            component="mark"
            sx={(theme) => ({
              bgcolor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.14)`,
              color: 'text.primary',
              fontWeight: 600,
              borderRadius: '4px',
              px: 0.25,
            })}
          >
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}
