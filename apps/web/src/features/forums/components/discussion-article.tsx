import type { ReactNode } from 'react';
import type { Discussion } from '@agora/shared';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MarkdownView } from '../../../components/markdown-view';
import { exactTime, plural } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { StaffBadge } from '../../../components/staff-badge';
import { StatusChip } from './status-chip';
import { TagChip } from './tag-chip';

interface DiscussionArticleProps {
  discussion: Discussion;
  /** The author's tools, shown beside the byline. */
  authorTools?: ReactNode;
  /** Shown between the text and the actions (the audio version). */
  media?: ReactNode;
  actions: ReactNode;
}

const STATUS_NOTES = {
  draft: 'This is a draft: only you can see it until you publish it.',
  archived: 'This discussion is archived: it is kept for reference and can no longer change.',
  hidden: 'This discussion is hidden while moderators look at reports about it.',
} as const;

/** The discussion itself: title, byline, tags, rendered text and the reader's actions. */
export function DiscussionArticle({
  discussion,
  authorTools,
  media,
  actions,
}: DiscussionArticleProps) {
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby="discussion-title"
      sx={{ borderRadius: '20px', p: { xs: 2.5, sm: 4 } }}
    >
      {discussion.status !== 'published' && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <StatusChip status={discussion.status} />
          <Typography variant="body2" color="textSecondary">
            {STATUS_NOTES[discussion.status]}
          </Typography>
        </Stack>
      )}
      <Typography
        id="discussion-title"
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}
      >
        {discussion.title}
      </Typography>
      <Stack
        direction="row"
        sx={{
          mt: 2,
          alignItems: 'center',
          gap: 1.5,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar name={discussion.author.username} src={discussion.author.avatar} size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {discussion.author.username}
              <StaffBadge role={discussion.author.role} />
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <RelativeTime iso={discussion.createdAt} />
              {discussion.editedAt && (
                <>
                  {' · '}
                  <Tooltip title={`Edited ${exactTime(discussion.editedAt)}`}>
                    <span>edited</span>
                  </Tooltip>
                </>
              )}
              {' · '}
              {plural(discussion.viewsCount, 'view')}
            </Typography>
          </Box>
        </Stack>
        {authorTools}
      </Stack>
      {discussion.tags.length > 0 && (
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 0.75 }}>
          {discussion.tags.map((tag) => (
            <TagChip key={tag} tag={tag} />
          ))}
        </Stack>
      )}
      <Divider sx={{ my: 3 }} />
      <MarkdownView source={discussion.content} />
      {media && <Box sx={{ mt: 3, '&:empty': { display: 'none' } }}>{media}</Box>}
      <Divider sx={{ my: 3 }} />
      {actions}
    </Paper>
  );
}
