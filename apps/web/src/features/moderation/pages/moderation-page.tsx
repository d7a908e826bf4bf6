import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ModerationDecisionKind, ReportedObject } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import GavelRounded from '@mui/icons-material/GavelRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { EmptyState } from '../../../components/empty-state';
import { itemsOf, LoadMoreButton, LoadMoreList } from '../../../components/load-more-list';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { apiFailure, RequireAuth } from '../../auth';
import { selectProfile, selectUserError } from '../../users';
import { ReportedItem } from '../components/reported-item';
import { useDecideReportsMutation, useGetReportQueueInfiniteQuery } from '../moderation-api';

const DECIDED: Record<ModerationDecisionKind, string> = {
  dismiss: 'Reports dismissed; the post is shown to members.',
  hide: 'Reports closed; the post stays hidden from members.',
};

const keyOf = (item: Pick<ReportedObject, 'model' | 'id'>) => `${item.model}:${item.id}`;

function QueueSkeleton() {
  return (
    <Stack spacing={2} aria-label="Loading reports" role="status">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="rounded" height={200} sx={{ borderRadius: '16px' }} />
      ))}
    </Stack>
  );
}

function ReportQueue() {
  const toast = useToast();
  const query = useGetReportQueueInfiniteQuery(undefined);
  const { data, error } = query;
  const [decideReports] = useDecideReportsMutation();
  const [pending, setPending] = useState<{ key: string; decision: ModerationDecisionKind } | null>(
    null,
  );

  const items = itemsOf(data);

  const decide = async (item: ReportedObject, decision: ModerationDecisionKind) => {
    setPending({ key: keyOf(item), decision });
    try {
      await decideReports({ model: item.model, id: item.id, decision }).unwrap();
      toast.success(DECIDED[decision]);
    } catch (failure) {
      toast.error(apiFailure(failure).message);
    } finally {
      setPending(null);
    }
  };

  return (
    <LoadMoreList
      query={query}
      count={items.length}
      skeleton={<QueueSkeleton />}
      failure={apiFailure(error).message}
      empty={
        <EmptyState
          icon={TaskAltRounded}
          title="Nothing to review"
          actions={
            <Button component={RouterLink} to="/discussions" variant="outlined">
              Go to discussions
            </Button>
          }
        >
          No open reports. When members report a discussion, comment or reply, it appears here.
        </EmptyState>
      }
    >
      <Stack spacing={2}>
        {items.map((item) => (
          <ReportedItem
            key={keyOf(item)}
            item={item}
            pending={pending?.key === keyOf(item) ? pending.decision : null}
            onDecide={(decision) => void decide(item, decision)}
          />
        ))}
        <LoadMoreButton
          query={query}
          label="Load more"
          variant="outlined"
          sx={{ alignSelf: 'center' }}
        />
      </Stack>
    </LoadMoreList>
  );
}

function Moderation() {
  const profile = useAppSelector(selectProfile);
  const profileError = useAppSelector(selectUserError);

  let body;
  if (!profile) {
    body = profileError ? <Alert severity="error">{profileError}</Alert> : <QueueSkeleton />;
  } else if (!profile.isStaff) {
    body = (
      <EmptyState
        icon={GavelRounded}
        title="Only staff can see this page"
        actions={
          <Button component={RouterLink} to="/discussions" variant="contained">
            Go to discussions
          </Button>
        }
      >
        Staff members review reported posts here. To report something, use the flag next to it.
      </EmptyState>
    );
  } else {
    body = <ReportQueue />;
  }

  return (
    <PageContainer title="Moderation" maxWidth="md">
      <PageHeader title="Moderation">
        {profile?.isStaff && (
          <>
            Posts members reported, the longest waiting first. <strong>Dismiss</strong> keeps a post
            (and shows it again if reports hid it); <strong>Hide</strong> keeps it from members.
          </>
        )}
      </PageHeader>
      {body}
    </PageContainer>
  );
}

/** /moderation: the staff's review of reported content. */
export default function ModerationPage() {
  return (
    <RequireAuth>
      <Moderation />
    </RequireAuth>
  );
}
