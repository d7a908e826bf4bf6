import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { PageContainer } from '../../../components/page-container';
import { ObjectLoadFailure } from '../../../components/object-load-failure';
import { useAppSelector } from '../../../lib/hooks';
import { apiFailure } from '../../auth';
import { ContentComments } from '../../content';
import { selectProfile } from '../../users';
import { LeaderboardPanel } from '../components/leaderboard-panel';
import { QuizAuthorTools } from '../components/quiz-author-tools';
import { QuizCard } from '../components/quiz-card';
import { QuizReaderActions } from '../components/quiz-reader-actions';
import { RelatedQuizzes } from '../components/related-quizzes';
import { QuizRecordCard } from '../components/quiz-record-card';
import { useGetQuizQuery } from '../quizzes-api';

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
      to="/quizzes"
      startIcon={<ArrowBackRounded />}
      sx={{ mb: 2, ml: -1 }}
    >
      All quizzes
    </Button>
  );
}

function LoadingQuiz() {
  return (
    <Box sx={layoutSx} aria-hidden>
      <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Skeleton width={160} />
        </Stack>
        <Skeleton width="80%" height={52} />
        <Stack spacing={1} sx={{ mt: 2 }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={48} sx={{ borderRadius: '12px' }} />
          ))}
        </Stack>
      </Paper>
      <Skeleton variant="rounded" height={200} sx={{ borderRadius: '16px' }} />
    </Box>
  );
}

/** One quiz at /quizzes/:id: play it, like, bookmark or report it, and talk it over. */
export default function QuizPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: quiz, error, isLoading, refetch } = useGetQuizQuery(id, { skip: !valid });
  const me = useAppSelector(selectProfile);
  const { hash } = useLocation();
  const loaded = quiz !== undefined;

  // The feed's comment count links to #comments: the router leaves scrolling to the page.
  useEffect(() => {
    if (loaded && hash === '#comments') document.getElementById('comments')?.scrollIntoView();
  }, [loaded, hash]);

  if (valid && isLoading) {
    return (
      <PageContainer title="Quiz">
        <BackLink />
        <LoadingQuiz />
      </PageContainer>
    );
  }

  if (!quiz) {
    const failure = apiFailure(error);
    return (
      <ObjectLoadFailure
        noun="Quiz"
        missing={!valid || failure.status === 404}
        message={failure.message}
        onRetry={refetch}
        onward={{ to: '/quizzes', label: 'Browse quizzes' }}
        back={<BackLink />}
      />
    );
  }

  const isAuthor = me?.id === quiz.author.id;

  return (
    <PageContainer title={quiz.question}>
      <BackLink />
      <Box sx={layoutSx}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <QuizCard
            quiz={quiz}
            variant="page"
            authorTools={isAuthor ? <QuizAuthorTools quiz={quiz} /> : undefined}
            actions={<QuizReaderActions quiz={quiz} />}
          />
          <Box id="comments" sx={{ scrollMarginTop: 88 }}>
            <ContentComments
              model="quiz"
              id={quiz.id}
              total={quiz.commentsCount}
              open={quiz.status === 'published'}
            />
          </Box>
        </Stack>
        <Stack spacing={3} component="aside" aria-label="More quizzes">
          <RelatedQuizzes quizId={quiz.id} />
          {me && <QuizRecordCard username={me.username} title="Your quiz record" />}
          <LeaderboardPanel />
        </Stack>
      </Box>
    </PageContainer>
  );
}
