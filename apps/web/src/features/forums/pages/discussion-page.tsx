import { Link as RouterLink, useParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { useAppSelector } from '../../../lib/hooks';
import { PageContainer } from '../../../components/page-container';
import { ObjectLoadFailure } from '../../../components/object-load-failure';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import { DiscussionAudio } from '../components/audio/discussion-audio';
import { AuthorCard } from '../components/author-card';
import { AuthorTools } from '../components/author-tools';
import { DiscussionComments } from '../components/discussion-comments';
import { DiscussionArticle } from '../components/discussion-article';
import { PollCard } from '../components/poll-card';
import { ReaderActions } from '../components/reader-actions';
import { RelatedDiscussions } from '../components/related-discussions';
import { useGetDiscussionQuery } from '../forums-api';

const layoutSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
  gap: { xs: 3, md: 4 },
  alignItems: 'start',
} as const;

function BackLink() {
  return (
    <Button
      component={RouterLink}
      to="/discussions"
      startIcon={<ArrowBackRounded />}
      sx={{ mb: 2, ml: -1 }}
    >
      All discussions
    </Button>
  );
}

function LoadingDiscussion() {
  return (
    <Box sx={layoutSx} aria-hidden>
      <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2.5, sm: 4 } }}>
        <Skeleton width="80%" height={52} />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', my: 2 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Skeleton width={160} />
        </Stack>
        <Skeleton width="100%" />
        <Skeleton width="95%" />
        <Skeleton width="60%" />
      </Paper>
      <Skeleton variant="rounded" height={160} sx={{ borderRadius: '16px' }} />
    </Box>
  );
}

/** One discussion at /discussions/:id, with its poll, comments and related discussions. */
export default function DiscussionPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const {
    data: discussion,
    error,
    isLoading,
    refetch,
  } = useGetDiscussionQuery(id, { skip: !valid });
  const me = useAppSelector(selectProfile);

  if (valid && isLoading) {
    return (
      <PageContainer title="Discussion">
        <BackLink />
        <LoadingDiscussion />
      </PageContainer>
    );
  }

  if (!discussion) {
    const failure = apiFailure(error);
    return (
      <ObjectLoadFailure
        noun="Discussion"
        missing={!valid || failure.status === 404}
        message={failure.message}
        onRetry={refetch}
        onward={{ to: '/discussions', label: 'Browse discussions' }}
        back={<BackLink />}
      />
    );
  }

  const isAuthor = me?.id === discussion.author.id;

  return (
    <PageContainer title={discussion.title}>
      <BackLink />
      <Box sx={layoutSx}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <DiscussionArticle
            discussion={discussion}
            authorTools={isAuthor ? <AuthorTools discussion={discussion} /> : undefined}
            media={<DiscussionAudio discussion={discussion} />}
            actions={<ReaderActions discussion={discussion} isAuthor={isAuthor} />}
          />
          {discussion.pollChoices.length > 0 && <PollCard discussion={discussion} />}
          <DiscussionComments discussion={discussion} />
        </Stack>
        <Stack spacing={3} component="aside" aria-label="About this discussion">
          <AuthorCard author={discussion.author} />
          <RelatedDiscussions discussionId={discussion.id} />
        </Stack>
      </Box>
    </PageContainer>
  );
}
