import { Link as RouterLink } from '../lib/router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface RelatedItem {
  id: number;
  to: string;
  title: string;
  /** A line under the title: who asked, how many took part. */
  detail: string;
}

/** A short list of objects like the one on the page; nothing at all when there are none. */
export function RelatedList({ title, items }: { title: string; items: RelatedItem[] | undefined }) {
  const titleId = useId();
  if (!items || items.length === 0) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderRadius: '16px', p: 2.5 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              component={RouterLink}
              to={item.to}
              color="text.primary"
              sx={{ fontWeight: 600, lineHeight: 1.35, display: 'block' }}
            >
              {item.title}
            </Link>
            <Typography variant="body2" color="textSecondary">
              {item.detail}
            </Typography>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
