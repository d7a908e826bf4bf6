import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { screenReaderOnly } from '../../../components/screen-reader-only';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import PollRounded from '@mui/icons-material/PollRounded';
import QuizRounded from '@mui/icons-material/QuizRounded';
import type { CommonModel } from '@agora/shared';
import { Avatar } from '../../../components/avatar';
import { compactCount, exactTime, plural, timeAgo } from '../../../lib/format';
import { KIND_PAGES } from '../home-items';
import type { HomeItem } from '../home-items';

const KIND_ICONS: Record<CommonModel, typeof ForumRounded> = {
  forum: ForumRounded,
  poll: PollRounded,
  quiz: QuizRounded,
};

/** How many tags a line shows before the rest hide behind "+n". */
const TAGS_SHOWN = 3;

/**
 * One line of a home list, dense like a forum's "latest" table: who, what, which kind and tags,
 * then the comments and the age on the right (below the title on a phone).
 */
export function HomeItemRow({ item }: { item: HomeItem }) {
  const Icon = KIND_ICONS[item.model];
  const kind = KIND_PAGES[item.model].label;
  const extraTags = item.tags.length - TAGS_SHOWN;

  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '32px 1fr', sm: '36px 1fr auto' },
        columnGap: { xs: 1.5, sm: 2 },
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Avatar
        name={item.author.username}
        src={item.author.avatar}
        size={32}
        sx={{ alignSelf: 'start', mt: 0.25 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
          <Link
            component={RouterLink}
            to={item.path}
            color="inherit"
            underline="hover"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Link>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          component="p"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mt: 0.25 }}
        >
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Icon sx={{ fontSize: 16 }} aria-hidden />
            {kind}
          </Box>
          <span>by {item.author.username}</span>
          <Box component="span" sx={{ display: { sm: 'none' } }}>
            {plural(item.commentsCount, 'comment')} ·{' '}
            <time dateTime={item.createdAt} title={exactTime(item.createdAt)}>
              {timeAgo(item.createdAt)}
            </time>
          </Box>
          {item.tags.slice(0, TAGS_SHOWN).map((tag) => (
            <span key={tag}>#{tag}</span>
          ))}
          {extraTags > 0 && <span>+{extraTags}</span>}
        </Typography>
      </Box>
      <Box
        sx={{
          display: { xs: 'none', sm: 'grid' },
          gridTemplateColumns: '64px 88px',
          alignItems: 'center',
          textAlign: 'right',
          color: 'text.secondary',
        }}
      >
        <Typography
          variant="body2"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 0.5,
          }}
        >
          <ChatBubbleOutlineRounded sx={{ fontSize: 16 }} aria-hidden />
          <span aria-hidden>{compactCount(item.commentsCount)}</span>
          <Box component="span" sx={screenReaderOnly}>
            {plural(item.commentsCount, 'comment')}
          </Box>
        </Typography>
        <Typography variant="body2">
          <time dateTime={item.createdAt} title={exactTime(item.createdAt)}>
            {timeAgo(item.createdAt)}
          </time>
        </Typography>
      </Box>
    </Box>
  );
}
