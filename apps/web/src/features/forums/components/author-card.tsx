import { Link as RouterLink } from '../../../lib/router';
import type { Author } from '@agora/shared';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Avatar } from '../../../components/avatar';
import { StaffBadge } from '../../../components/staff-badge';

/** Who wrote the discussion, with a way to their profile and their other discussions. */
export function AuthorCard({ author }: { author: Author }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label="About the author"
      sx={{ borderRadius: '16px', p: 2.5 }}
    >
      <Typography variant="overline" color="textSecondary" sx={{ fontWeight: 700 }}>
        Written by
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }}>
        <Avatar name={author.username} src={author.avatar} size={48} />
        <Typography sx={{ fontWeight: 700, minWidth: 0 }} noWrap>
          {author.username}
        </Typography>
        <StaffBadge role={author.role} />
      </Stack>
      <Button
        component={RouterLink}
        to={`/user-info/${encodeURIComponent(author.username)}`}
        variant="outlined"
        fullWidth
        sx={{ mt: 2 }}
      >
        View profile
      </Button>
    </Paper>
  );
}
