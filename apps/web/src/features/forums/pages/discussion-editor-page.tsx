import { Link as RouterLink, useParams } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import EditOffRounded from '@mui/icons-material/EditOffRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { useAppSelector } from '../../../lib/hooks';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { apiFailure, RequireAuth } from '../../auth';
import { selectProfile, selectUserError } from '../../users';
import { DiscussionForm } from '../components/editor/discussion-form';
import { useGetDiscussionQuery } from '../forums-api';

function EditorSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={320} />
      <Skeleton variant="rounded" height={56} />
    </Stack>
  );
}

function NewDiscussion() {
  return (
    <PageContainer title="New discussion">
      <PageHeader title="New discussion">
        Ask a question or share something the community should know. Save a draft any time; publish
        when it is ready.
      </PageHeader>
      <DiscussionForm />
    </PageContainer>
  );
}

function EditDiscussion({ id }: { id: number }) {
  const me = useAppSelector(selectProfile);
  const profileError = useAppSelector(selectUserError);
  const { data: discussion, error, isLoading } = useGetDiscussionQuery(id);

  const body = () => {
    if (profileError && !me) return <Alert severity="error">{profileError}</Alert>;
    if (isLoading || !me) return <EditorSkeleton />;
    if (!discussion) {
      const failure = apiFailure(error);
      return failure.status === 404 ? (
        <EmptyState
          icon={SearchOffRounded}
          title="Discussion not found"
          actions={
            <Button component={RouterLink} to="/discussions" variant="contained">
              Browse discussions
            </Button>
          }
        >
          It may have been deleted.
        </EmptyState>
      ) : (
        <Alert severity="error">{failure.message}</Alert>
      );
    }
    if (discussion.author.id !== me.id) {
      return (
        <EmptyState
          icon={EditOffRounded}
          title="Only the author can edit this discussion"
          actions={
            <Button component={RouterLink} to={`/discussions/${id}`} variant="contained">
              Back to the discussion
            </Button>
          }
        >
          You can comment on it instead, or report it if something is wrong.
        </EmptyState>
      );
    }
    if (discussion.status !== 'draft' && discussion.status !== 'published') {
      return (
        <EmptyState
          icon={EditOffRounded}
          title={`This discussion is ${discussion.status}`}
          actions={
            <Button component={RouterLink} to={`/discussions/${id}`} variant="contained">
              Back to the discussion
            </Button>
          }
        >
          An archived or hidden discussion can no longer be edited.
        </EmptyState>
      );
    }
    // Keyed by discussion, so opening another one refills the form.
    return <DiscussionForm key={discussion.id} discussion={discussion} />;
  };

  return (
    <PageContainer title="Edit discussion">
      <PageHeader title="Edit discussion">
        Changes show with an “edited” mark. The poll cannot change once posted.
      </PageHeader>
      {body()}
    </PageContainer>
  );
}

/** The editor at /discussions/new and /discussions/:id/edit; members only. */
export default function DiscussionEditorPage() {
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  return (
    <RequireAuth>{id === undefined ? <NewDiscussion /> : <EditDiscussion id={id} />}</RequireAuth>
  );
}
