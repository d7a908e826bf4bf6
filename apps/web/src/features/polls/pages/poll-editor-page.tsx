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
import { PollForm } from '../components/editor/poll-form';
import { useGetPollQuery } from '../polls-api';

function EditorSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

function NewPoll() {
  return (
    <PageContainer title="New poll" maxWidth="md">
      <PageHeader title="New poll">
        Ask one clear question and offer the answers. Save a draft any time; publish when it is
        ready.
      </PageHeader>
      <PollForm />
    </PageContainer>
  );
}

function EditPoll({ id }: { id: number }) {
  const me = useAppSelector(selectProfile);
  const profileError = useAppSelector(selectUserError);
  const { data: poll, error, isLoading } = useGetPollQuery(id);

  const body = () => {
    if (profileError && !me) return <Alert severity="error">{profileError}</Alert>;
    if (isLoading || !me) return <EditorSkeleton />;
    if (!poll) {
      const failure = apiFailure(error);
      return failure.status === 404 ? (
        <EmptyState
          icon={SearchOffRounded}
          title="Poll not found"
          actions={
            <Button component={RouterLink} to="/polls" variant="contained">
              Browse polls
            </Button>
          }
        >
          It may have been deleted.
        </EmptyState>
      ) : (
        <Alert severity="error">{failure.message}</Alert>
      );
    }
    if (poll.author.id !== me.id || (poll.status !== 'draft' && poll.status !== 'published')) {
      return (
        <EmptyState
          icon={EditOffRounded}
          title={
            poll.author.id !== me.id
              ? 'Only the author can edit this poll'
              : `This poll is ${poll.status}`
          }
          actions={
            <Button component={RouterLink} to={`/polls/${id}`} variant="contained">
              Back to the poll
            </Button>
          }
        >
          {poll.author.id !== me.id
            ? 'You can vote and comment on it instead, or report it if something is wrong.'
            : 'An archived or hidden poll can no longer be edited.'}
        </EmptyState>
      );
    }
    // Keyed by poll, so opening another one refills the form.
    return <PollForm key={poll.id} poll={poll} />;
  };

  return (
    <PageContainer title="Edit poll" maxWidth="md">
      <PageHeader title="Edit poll">
        The question, description and tags can always change; the options only until the first vote.
      </PageHeader>
      {body()}
    </PageContainer>
  );
}

/** The poll editor at /polls/new and /polls/:id/edit; members only. */
export default function PollEditorPage() {
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  return <RequireAuth>{id === undefined ? <NewPoll /> : <EditPoll id={id} />}</RequireAuth>;
}
