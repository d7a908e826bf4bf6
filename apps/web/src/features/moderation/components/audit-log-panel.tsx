import { useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import { STAFF_ACTION_LABELS } from '@agora/shared';
import type { AuditEntry, Author } from '@agora/shared';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import { EmptyState } from '../../../components/empty-state';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { exactTime, timeAgo } from '../../../lib/format';
import { apiFailure } from '../../auth';
import { useGetAuditLogInfiniteQuery } from '../staff-api';
import { MEMBER_SEARCH_DELAY_MS, useDebounced } from './use-debounced';

/** Who acted: null is the server's operator, acting from the command line. */
export const OPERATOR = 'Server operator';

function MemberLink({ member }: { member: Author }) {
  return (
    <Link
      component={RouterLink}
      to={`/user-info/${encodeURIComponent(member.username)}`}
      sx={{ fontWeight: 600 }}
    >
      {member.username}
    </Link>
  );
}

/** What was acted on: a member by name, content by its title (linked while it has a page). */
function Target({ entry }: { entry: AuditEntry }) {
  if (entry.model === null) {
    return entry.member ? <MemberLink member={entry.member} /> : <>{entry.summary}</>;
  }
  const title = `“${entry.summary}”`;
  return (
    <>
      {entry.url ? (
        <Link component={RouterLink} to={entry.url}>
          {title}
        </Link>
      ) : (
        title
      )}
      {entry.member && (
        <>
          {' by '}
          <MemberLink member={entry.member} />
        </>
      )}
    </>
  );
}

/** "mod silenced bob until 3 December 2026 at 14:00 UTC — Spam links", as one sentence. */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const { details } = entry;
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      {entry.actor ? <MemberLink member={entry.actor} /> : <strong>{OPERATOR}</strong>}{' '}
      {STAFF_ACTION_LABELS[entry.action]} <Target entry={entry} />
      {details && (details.startsWith('until ') ? ` ${details}` : ` (${details})`)}
      {entry.reason && ` — ${entry.reason}`}
    </Typography>
  );
}

function LogSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-label="Loading the log">
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} variant="rounded" height={64} sx={{ borderRadius: '12px' }} />
      ))}
    </Stack>
  );
}

/** The Log tab: every staff action, newest first, optionally about one member. */
export function AuditLogPanel() {
  const [typed, setTyped] = useState('');
  const member = useDebounced(typed.trim(), MEMBER_SEARCH_DELAY_MS);
  const query = useGetAuditLogInfiniteQuery(member);
  const entries = itemsOf(query.data);

  return (
    <>
      <TextField
        type="search"
        label="Only actions about a member (username)"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 150, autoComplete: 'off', spellCheck: false } }}
        sx={{ mb: 2 }}
      />
      <LoadMoreList
        query={query}
        count={entries.length}
        skeleton={<LogSkeleton />}
        failure={apiFailure(query.error).message}
        empty={
          <EmptyState icon={HistoryRounded} title="No staff actions yet">
            {member
              ? `Staff have taken no action about ${member}.`
              : 'Every report decision, silence, suspension, role change, hidden post and featuring is listed here.'}
          </EmptyState>
        }
        more={{ label: 'Load more', variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
      >
        <Stack
          component="ul"
          aria-label={member ? `Staff actions about ${member}` : 'Staff actions, newest first'}
          aria-busy={query.isFetching}
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {entries.map((entry) => (
            <Paper
              key={entry.id}
              component="li"
              variant="outlined"
              sx={{ borderRadius: '12px', px: 2, py: 1.5 }}
            >
              <AuditSentence entry={entry} />
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                <time dateTime={entry.createdAt} title={exactTime(entry.createdAt)}>
                  {timeAgo(entry.createdAt)}
                </time>
              </Typography>
            </Paper>
          ))}
        </Stack>
      </LoadMoreList>
    </>
  );
}
