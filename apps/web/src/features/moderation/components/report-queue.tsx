import { useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import type { ModerationDecisionKind, ReportedObject } from '@agora/shared';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { EmptyState } from '../../../components/empty-state';
import { itemsOf, LoadMoreButton, LoadMoreList } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';
import { useDecideReportsMutation, useGetReportQueueInfiniteQuery } from '../moderation-api';
import type { RestrictionKind } from '../staff-api';
import { ReportedItem } from './reported-item';
import { RestrictDialog } from './restrict-dialog';

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

/** The Reports tab: reported content, the longest waiting first, with decisions and author tools. */
export function ReportQueue() {
  const toast = useToast();
  const query = useGetReportQueueInfiniteQuery(undefined);
  const { data, error } = query;
  const [decideReports] = useDecideReportsMutation();
  const [pending, setPending] = useState<{ key: string; decision: ModerationDecisionKind } | null>(
    null,
  );
  const [restricting, setRestricting] = useState<{
    kind: RestrictionKind;
    username: string;
  } | null>(null);

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
    <>
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
              onRestrictAuthor={(kind) =>
                item.author && setRestricting({ kind, username: item.author.username })
              }
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
      {restricting && (
        <RestrictDialog
          key={`${restricting.kind}:${restricting.username}`}
          kind={restricting.kind}
          username={restricting.username}
          open
          onClose={() => setRestricting(null)}
        />
      )}
    </>
  );
}
