import { Link as RouterLink } from '../../../lib/router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetRelatedDiscussionsQuery } from '../forums-api';
import { plural } from '../../../lib/format';

/** Up to five discussions like this one; nothing at all when there are none or it fails. */
export function RelatedDiscussions({ discussionId }: { discussionId: number }) {
  const { data: related } = useGetRelatedDiscussionsQuery(discussionId);
  if (!related || related.length === 0) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="related-title"
      sx={{ borderRadius: '16px', p: 2.5 }}
    >
      <Typography id="related-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Related discussions
      </Typography>
      <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {related.map((discussion) => (
          <li key={discussion.id}>
            <Link
              component={RouterLink}
              to={`/discussions/${discussion.id}`}
              color="text.primary"
              sx={{ fontWeight: 600, lineHeight: 1.35, display: 'block' }}
            >
              {discussion.title}
            </Link>
            <Typography variant="body2" color="textSecondary">
              {discussion.author.username} · {plural(discussion.commentsCount, 'comment')}
            </Typography>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
