import { Link as RouterLink, useParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { MarkdownView } from '../../../components/markdown-view';
import { PageContainer } from '../../../components/page-container';
import { ObjectLoadFailure } from '../../../components/object-load-failure';
import { timeAgo } from '../../../lib/format';
import { useAppSelector } from '../../../lib/hooks';
import { apiFailure } from '../../auth';
import {
  BookmarkButton,
  ContentComments,
  LikeButton,
  ReportButton,
  useSetContentBookmarkMutation,
  useToggleContentLikeMutation,
} from '../../content';
import { FeatureButton } from '../../moderation';
import { selectProfile } from '../../users';
import { PollAuthorTools } from '../components/poll-author-tools';
import { PollCard } from '../components/poll-card';
import { RelatedPolls } from '../components/related-polls';
import { useGetPollQuery } from '../polls-api';

function BackLink() {
  return (
    <Button
      component={RouterLink}
      to="/polls"
      startIcon={<ArrowBackRounded />}
      sx={{ mb: 2, ml: -1 }}
    >
      All polls
    </Button>
  );
}

function LoadingPoll() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2.5, sm: 4 } }} aria-hidden>
      <Skeleton width="80%" height={52} />
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Skeleton variant="rounded" height={44} />
        <Skeleton variant="rounded" height={44} />
        <Skeleton variant="rounded" height={44} />
      </Stack>
    </Paper>
  );
}

/** One poll at /polls/:id: the card with live tallies, its description, actions and comments. */
export default function PollPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: poll, error, isLoading, refetch } = useGetPollQuery(id, { skip: !valid });
  const me = useAppSelector(selectProfile);
  const [like] = useToggleContentLikeMutation();
  const [bookmark] = useSetContentBookmarkMutation();

  if (valid && isLoading) {
    return (
      <PageContainer title="Poll" maxWidth="md">
        <BackLink />
        <LoadingPoll />
      </PageContainer>
    );
  }

  if (!poll) {
    const failure = apiFailure(error);
    return (
      <ObjectLoadFailure
        noun="Poll"
        missing={!valid || failure.status === 404}
        message={failure.message}
        onRetry={refetch}
        onward={{ to: '/polls', label: 'Browse polls' }}
        back={<BackLink />}
      />
    );
  }

  const isAuthor = me?.id === poll.author.id;
  const published = poll.status === 'published';

  return (
    <PageContainer title={poll.question} maxWidth="md">
      <BackLink />
      <Stack spacing={3}>
        <PollCard poll={poll} variant="page">
          {poll.description.trim() && (
            <Box component="section" aria-label="About this poll" sx={{ mb: 2.5 }}>
              <MarkdownView source={poll.description} />
              {poll.editedAt && (
                <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                  Edited {timeAgo(poll.editedAt)}
                </Typography>
              )}
            </Box>
          )}
        </PollCard>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
          }}
        >
          <LikeButton
            model="poll"
            liked={poll.isLiked}
            count={poll.likesCount}
            disabled={!published}
            onToggle={() => like({ model: 'poll', id: poll.id }).unwrap()}
          />
          <BookmarkButton
            bookmarked={poll.isBookmarked}
            disabled={!published && !poll.isBookmarked}
            onToggle={() =>
              bookmark({ model: 'poll', id: poll.id, bookmarked: !poll.isBookmarked }).unwrap()
            }
          />
          <FeatureButton model="poll" id={poll.id} />
          <Box sx={{ flex: 1 }} />
          {isAuthor ? <PollAuthorTools poll={poll} /> : <ReportButton model="poll" id={poll.id} />}
        </Box>
        <ContentComments model="poll" id={poll.id} total={poll.commentsCount} open={published} />
        <RelatedPolls pollId={poll.id} />
      </Stack>
    </PageContainer>
  );
}
