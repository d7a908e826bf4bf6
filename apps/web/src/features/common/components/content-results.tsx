import { Link as RouterLink } from '../../../lib/router';
import type { Author, CommentHit, ContentHit } from '@agora/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { CountStat } from '../../../components/count-stat';
import { SnippetText } from './snippet-text';

const countLabel = (count: number, one: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : `${one}s`}`;

/** Who wrote it and when, above a hit. */
function Byline({
  author,
  createdAt,
  children,
}: {
  author: Author;
  createdAt: string;
  children?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, mb: 1 }}
    >
      <Avatar name={author.username} src={author.avatar} size={24} />
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {author.username}
      </Typography>
      {children}
      <Typography variant="body2" color="textSecondary" sx={{ flexShrink: 0 }}>
        · <RelativeTime iso={createdAt} />
      </Typography>
    </Stack>
  );
}

/** A card whose title link covers it, as the discussion cards of the feed do. */
function HitCard({
  name,
  children,
}: {
  /** What names the card: the id of its title, or a label of its own. */
  name: { 'aria-labelledby': string } | { 'aria-label': string };
  children: ReactNode;
}) {
  return (
    <Card
      component="article"
      {...name}
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 2.5 },
        transition: 'border-color 120ms',
        '&:hover, &:focus-within': { borderColor: 'primary.main' },
      }}
    >
      {children}
    </Card>
  );
}

const coveringLink = {
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
} as const;

/** A discussion, poll or quiz found; `to` is its page. */
export function ContentHitCard({ hit, to }: { hit: ContentHit; to: string }) {
  const titleId = `hit-${to.replaceAll('/', '-')}`;
  return (
    <HitCard name={{ 'aria-labelledby': titleId }}>
      <Byline author={hit.author} createdAt={hit.createdAt} />
      <Typography id={titleId} variant="h4" component="h3" sx={{ fontSize: '1.15rem', mb: 0.75 }}>
        <Link
          component={RouterLink}
          to={to}
          color="inherit"
          underline="none"
          sx={{ ...coveringLink, fontWeight: 'inherit' }}
        >
          {hit.title}
        </Link>
      </Typography>
      <SnippetText parts={hit.snippet} />
      <Stack
        direction="row"
        sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
      >
        {hit.tags.map((tag) => (
          <Chip key={tag} label={`#${tag}`} size="small" variant="outlined" />
        ))}
        <Stack
          direction="row"
          spacing={2}
          sx={{ ml: 'auto', color: 'text.secondary', alignItems: 'center' }}
        >
          <CountStat
            icon={<FavoriteBorderRounded sx={{ fontSize: 18 }} />}
            label={countLabel(hit.likesCount, 'like')}
            value={hit.likesCount}
          />
          <CountStat
            icon={<ChatBubbleOutlineRounded sx={{ fontSize: 18 }} />}
            label={countLabel(hit.commentsCount, 'comment')}
            value={hit.commentsCount}
          />
        </Stack>
      </Stack>
    </HitCard>
  );
}

/** The comment in its discussion; a reply's thread is opened so the reply is there. */
function commentPath(hit: CommentHit): string {
  const thread = hit.parent === null ? '' : `?thread=${hit.parent}`;
  return `/discussions/${hit.forum}${thread}#comment-${hit.id}`;
}

export function CommentHitCard({ hit }: { hit: CommentHit }) {
  return (
    <HitCard name={{ 'aria-label': `Comment by ${hit.author.username} on ${hit.forumTitle}` }}>
      <Byline author={hit.author} createdAt={hit.createdAt}>
        <Typography variant="body2" color="textSecondary">
          {hit.parent === null ? 'commented' : 'replied'}
        </Typography>
      </Byline>
      <SnippetText parts={hit.snippet} />
      <Typography variant="body2" sx={{ mt: 1.25, fontWeight: 600 }}>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          on{' '}
        </Box>
        <Link component={RouterLink} to={commentPath(hit)} sx={coveringLink}>
          {hit.forumTitle}
        </Link>
      </Typography>
    </HitCard>
  );
}

/** The shape of a hit while results load. */
export function HitSkeleton() {
  return (
    <Card aria-hidden sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Skeleton variant="circular" width={24} height={24} />
        <Skeleton width={160} />
      </Stack>
      <Skeleton width="60%" height={28} />
      <Skeleton width="100%" />
      <Skeleton width="80%" />
    </Card>
  );
}
