import { Link as RouterLink } from '../../../lib/router';
import type { Discussion } from '@agora/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PollOutlined from '@mui/icons-material/PollOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { markdownExcerpt } from '../../../lib/markdown';
import { compactCount, plural } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { screenReaderOnly } from '../../../components/screen-reader-only';
import { StaffBadge } from '../../../components/staff-badge';
import { StatusChip } from './status-chip';
import { TagChip } from './tag-chip';

/**
 * An icon and a number, read as words ("3 comments"): a span may not carry an aria-label, so
 * the words are hidden text and the number is hidden from screen readers.
 */
function Count({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Box
      component="span"
      title={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
    >
      {icon}
      <Typography component="span" variant="body2" aria-hidden sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
      <Box component="span" sx={screenReaderOnly}>
        {label}
      </Box>
    </Box>
  );
}

/** A discussion in a list: who and when, title, the first words, tags and counts. */
export function DiscussionCard({ discussion }: { discussion: Discussion }) {
  const excerpt = useMemo(() => markdownExcerpt(discussion.content), [discussion.content]);
  const iconSx = { fontSize: 18 };
  return (
    <Card
      component="article"
      aria-labelledby={`discussion-${discussion.id}-title`}
      sx={{
        position: 'relative',
        px: { xs: 1.75, sm: 2.25 },
        py: { xs: 1.25, sm: 1.75 },
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 4px 18px rgba(30, 27, 75, 0.06)' },
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Avatar name={discussion.author.username} src={discussion.author.avatar} size={22} />
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
          {discussion.author.username}
        </Typography>
        <StaffBadge role={discussion.author.role} />
        <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
          · <RelativeTime iso={discussion.createdAt} />
        </Typography>
        <Box sx={{ flex: 1 }} />
        <StatusChip status={discussion.status} />
      </Stack>
      <Typography
        id={`discussion-${discussion.id}-title`}
        variant="h4"
        // h2: a list's cards come straight under the page's h1.
        component="h2"
        sx={{ fontSize: { xs: '1.05rem', sm: '1.125rem' }, lineHeight: 1.3 }}
      >
        <Link
          component={RouterLink}
          to={`/discussions/${discussion.id}`}
          color="inherit"
          underline="none"
          // The whole card is the link's target; tags stay separately clickable above it.
          sx={{
            fontWeight: 'inherit',
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
          }}
        >
          {discussion.title}
        </Link>
      </Typography>
      {excerpt && (
        <Typography
          color="text.secondary"
          sx={{
            mt: 0.25,
            fontSize: '0.9375rem',
            display: '-webkit-box',
            // One line on a phone: more discussions per screen, as a latest list reads.
            WebkitLineClamp: { xs: 1, sm: 2 },
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {excerpt}
        </Typography>
      )}
      <Stack
        direction="row"
        sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {discussion.tags.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
            {discussion.tags.map((tag) => (
              <TagChip key={tag} tag={tag} />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={2} sx={{ ml: 'auto', alignItems: 'center' }}>
          {discussion.pollChoices.length > 0 && (
            <Count icon={<PollOutlined sx={iconSx} />} label="Has a poll" value="Poll" />
          )}
          <Count
            icon={
              discussion.isLiked ? (
                <FavoriteRounded sx={iconSx} color="error" />
              ) : (
                <FavoriteBorderRounded sx={iconSx} />
              )
            }
            label={plural(discussion.likesCount, 'like')}
            value={compactCount(discussion.likesCount)}
          />
          <Count
            icon={<ChatBubbleOutlineRounded sx={iconSx} />}
            label={plural(discussion.commentsCount, 'comment')}
            value={compactCount(discussion.commentsCount)}
          />
          <Count
            icon={<VisibilityOutlined sx={iconSx} />}
            label={plural(discussion.viewsCount, 'view')}
            value={compactCount(discussion.viewsCount)}
          />
        </Stack>
      </Stack>
    </Card>
  );
}

/** The shape of a card while the list loads. */
export function DiscussionCardSkeleton() {
  return (
    <Card aria-hidden sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Skeleton variant="circular" width={28} height={28} />
        <Skeleton width={140} />
      </Stack>
      <Skeleton width="70%" height={30} />
      <Skeleton width="100%" />
      <Skeleton width="85%" />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Skeleton variant="rounded" width={64} height={24} sx={{ borderRadius: '12px' }} />
        <Skeleton variant="rounded" width={80} height={24} sx={{ borderRadius: '12px' }} />
      </Stack>
    </Card>
  );
}
