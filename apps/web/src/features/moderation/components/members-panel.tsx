import { useState } from 'react';
import { ROLE_LABELS } from '@agora/shared';
import type { MemberRole, MemberStanding } from '@agora/shared';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import {
  useLiftRestrictionMutation,
  useListMemberStandingQuery,
  useSetMemberRoleMutation,
  type RestrictionKind,
} from '../staff-api';
import { MemberRow } from './member-row';
import { RestrictDialog } from './restrict-dialog';
import { MEMBER_SEARCH_DELAY_MS, useDebounced } from './use-debounced';

const LIFTED: Record<RestrictionKind, string> = {
  silence: 'can post again',
  suspend: 'can sign in again',
};

function RowsSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-label="Loading members">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={72} sx={{ borderRadius: '12px' }} />
      ))}
    </Stack>
  );
}

/**
 * The Members tab: staff and the members restricted now, or the members whose username starts
 * with what was typed; each with silence, suspension and (for admins) role.
 */
export function MembersPanel() {
  const toast = useToast();
  const me = useAppSelector(selectProfile);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), MEMBER_SEARCH_DELAY_MS);
  const query = useListMemberStandingQuery(q);
  const [liftRestriction] = useLiftRestrictionMutation();
  const [setMemberRole] = useSetMemberRoleMutation();
  const [pending, setPending] = useState<number | null>(null);
  const [restricting, setRestricting] = useState<{
    kind: RestrictionKind;
    username: string;
  } | null>(null);

  const act = async (member: MemberStanding, work: () => Promise<unknown>, done: string) => {
    setPending(member.id);
    try {
      await work();
      toast.success(done);
    } catch (failure) {
      toast.error(apiFailure(failure).message);
    } finally {
      setPending(null);
    }
  };

  const lift = (member: MemberStanding, kind: RestrictionKind) =>
    void act(
      member,
      () => liftRestriction({ username: member.username, kind }).unwrap(),
      `${member.username} ${LIFTED[kind]}.`,
    );

  const setRole = (member: MemberStanding, role: MemberRole) =>
    void act(
      member,
      () => setMemberRole({ username: member.username, role }).unwrap(),
      `${member.username} is now ${role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}.`,
    );

  const members = query.data?.results ?? [];
  let body;
  if (query.isLoading || (query.isFetching && query.originalArgs !== q)) {
    body = <RowsSkeleton />;
  } else if (query.isError && !query.data) {
    body = <RetryAlert onRetry={query.refetch}>{apiFailure(query.error).message}</RetryAlert>;
  } else if (members.length === 0) {
    body = (
      <EmptyState icon={GroupsRounded} title={q ? 'No member found' : 'Nobody to list'}>
        {q
          ? `No member's username starts with “${q}”.`
          : 'No member is silenced or suspended now. Search for a member by username above.'}
      </EmptyState>
    );
  } else {
    body = (
      <Stack
        component="ul"
        aria-label={q ? `Members whose username starts with ${q}` : 'Staff and restricted members'}
        aria-busy={query.isFetching}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isMe={member.id === me?.id}
            canSetRole={me?.role === 'admin'}
            pending={pending === member.id}
            onRestrict={(kind) => setRestricting({ kind, username: member.username })}
            onLift={(kind) => lift(member, kind)}
            onSetRole={(role) => setRole(member, role)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <TextField
        type="search"
        label="Find a member by username"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        helperText={
          q ? undefined : 'Until you search: staff, and members silenced or suspended now.'
        }
        slotProps={{
          htmlInput: { maxLength: 150, autoComplete: 'off', spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2 }}
      />
      {body}
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
