import { Link as RouterLink, useParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import EditOffRounded from '@mui/icons-material/EditOffRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAppSelector } from '../../../lib/hooks';
import { apiFailure, RequireAuth } from '../../auth';
import { selectProfile, selectUserError } from '../../users';
import { QuizForm } from '../components/editor/quiz-form';
import { useGetQuizQuery } from '../quizzes-api';

function EditorSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={240} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}

function BackToQuiz({ id }: { id: number }) {
  return (
    <Button component={RouterLink} to={`/quizzes/${id}`} variant="contained">
      Back to the quiz
    </Button>
  );
}

function NewQuiz() {
  return (
    <PageContainer title="New quiz" maxWidth="md">
      <PageHeader title="New quiz">
        Ask a question with one right answer, or several. Members find out whether they were right
        as soon as they answer.
      </PageHeader>
      <QuizForm />
    </PageContainer>
  );
}

function EditQuiz({ id }: { id: number }) {
  const me = useAppSelector(selectProfile);
  const profileError = useAppSelector(selectUserError);
  const { data: quiz, error, isLoading } = useGetQuizQuery(id);

  const body = () => {
    if (profileError && !me) return <Alert severity="error">{profileError}</Alert>;
    if (isLoading || !me) return <EditorSkeleton />;
    if (!quiz) {
      const failure = apiFailure(error);
      return failure.status === 404 ? (
        <EmptyState
          icon={SearchOffRounded}
          title="Quiz not found"
          actions={
            <Button component={RouterLink} to="/quizzes" variant="contained">
              Browse quizzes
            </Button>
          }
        >
          It may have been deleted.
        </EmptyState>
      ) : (
        <Alert severity="error">{failure.message}</Alert>
      );
    }
    if (quiz.author.id !== me.id) {
      return (
        <EmptyState
          icon={EditOffRounded}
          title="Only the author can edit this quiz"
          actions={<BackToQuiz id={id} />}
        >
          You can comment on it instead, or report it if something is wrong.
        </EmptyState>
      );
    }
    if (quiz.status !== 'draft' && quiz.status !== 'published') {
      return (
        <EmptyState
          icon={EditOffRounded}
          title={`This quiz is ${quiz.status}`}
          actions={<BackToQuiz id={id} />}
        >
          An archived or hidden quiz can no longer be edited.
        </EmptyState>
      );
    }
    // Keyed by quiz, so opening another one refills the form.
    return <QuizForm key={quiz.id} quiz={quiz} />;
  };

  return (
    <PageContainer title="Edit quiz" maxWidth="md">
      <PageHeader title="Edit quiz">
        Changes show with an “edited” mark. Once someone has answered, the answers stay as they are.
      </PageHeader>
      {body()}
    </PageContainer>
  );
}

/** The editor at /quizzes/new and /quizzes/:id/edit; members only. */
export default function QuizEditorPage() {
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  return <RequireAuth>{id === undefined ? <NewQuiz /> : <EditQuiz id={id} />}</RequireAuth>;
}
