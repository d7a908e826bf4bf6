import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import { CONTENT_STATUS_LABELS } from '@agora/shared';
import type { Poll } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { Avatar } from '../../../components/avatar';
import { CountStat } from '../../../components/count-stat';
import { MemberLink } from '../../../components/member-link';
import { StaffBadge } from '../../../components/staff-badge';
import { RelativeTime } from '../../../components/relative-time';
import { compactCount, exactTime, plural } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useSignInGate } from '../../content';
import { useVotePollMutation, useWithdrawVoteMutation } from '../polls-api';
import { closedBy, closingLabel, useNow } from '../poll-time';
import { usePollLive } from '../use-poll-live';
import { PollBallot } from './poll-ballot';
import { PollResults } from './poll-results';

// The voters' list (and MUI's Dialog behind it) downloads when someone first opens it.
const VotedByDialog = lazy(() =>
  import('./voted-by-dialog').then((module) => ({ default: module.VotedByDialog })),
);

const TYPE_LABELS: Record<Poll['type'], string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  ranked: 'Ranked choice',
};

interface PollCardProps {
  poll: Poll;
  /** `feed`: the question links to the poll's page; `page`: the question is the page's title. */
  variant?: 'feed' | 'page';
  /** Shown under the question on the poll's page (its description). */
  children?: ReactNode;
}

type View = 'ballot' | 'results';

/**
 * A poll: who asked and when, the question, tags, the closing countdown, and either the
 * ballot or the results (bars, percentages of voters, the viewer's choice, the runoff of a
 * ranked poll), with "Change vote" and "Withdraw vote" while it is open.
 */
export function PollCard({ poll, variant = 'feed', children }: PollCardProps) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const now = useNow(poll.closesAt !== null && !poll.isClosed);
  const [vote, voting] = useVotePollMutation();
  const [withdraw, withdrawing] = useWithdrawVoteMutation();
  const [changing, setChanging] = useState(false);
  const [peeking, setPeeking] = useState(false);
  const [voters, setVoters] = useState<{ id: number; text: string } | null>(null);
  // Others' votes move the bars while the card is on screen, in a list or on its page.
  usePollLive(poll.status === 'published' ? poll.id : null);

  const closed = closedBy(poll.closesAt, poll.isClosed, now);
  const closing = closingLabel(poll.closesAt, poll.isClosed, now);
  const open = poll.status === 'published' && !closed;
  const voted = poll.myVote.length > 0;
  const view: View = open && (!voted || changing) && !peeking ? 'ballot' : 'results';
  const busy = voting.isLoading || withdrawing.isLoading;
  const titleId = `poll-${poll.id}-question`;
  const hiddenReason = poll.resultsHiddenReason ?? 'The results are hidden for now.';

  const onVote = async (choices: number[]) => {
    if (!signedIn('vote')) return;
    try {
      await vote({ poll: poll.id, choices }).unwrap();
      setChanging(false);
      setPeeking(false);
      toast.success(voted ? 'Your vote is changed.' : 'Your vote is in.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const onWithdraw = async () => {
    try {
      await withdraw(poll.id).unwrap();
      setChanging(false);
      toast.success('Your vote is withdrawn.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const showResultsButton = poll.tallies !== null && (
    <Button onClick={() => setPeeking(true)} disabled={busy}>
      View results
    </Button>
  );

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 2, sm: variant === 'page' ? 3.5 : 2.5 },
        borderRadius: variant === 'page' ? '20px' : undefined,
      }}
    >
      {/* One line on a phone too: a long name is cut short, never the time pushed under it. */}
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.25 }}>
        <Avatar name={poll.author.username} src={poll.author.avatar} size={28} />
        <Stack direction="row" spacing={0.5} sx={{ minWidth: 0, alignItems: 'baseline' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
            <MemberLink username={poll.author.username} />
          </Typography>
          <StaffBadge role={poll.author.role} />
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            · <RelativeTime iso={poll.createdAt} />
          </Typography>
        </Stack>
      </Stack>

      <Typography
        id={titleId}
        variant={variant === 'page' ? 'h2' : 'h4'}
        // In a feed the page's h1 names the list: each poll is a section under it.
        component={variant === 'page' ? 'h1' : 'h2'}
        sx={{
          fontSize:
            variant === 'page' ? { xs: '1.5rem', sm: '1.9rem' } : { xs: '1.1rem', sm: '1.2rem' },
          lineHeight: 1.3,
          fontWeight: 700,
          overflowWrap: 'anywhere',
        }}
      >
        {variant === 'feed' ? (
          <Link component={RouterLink} to={`/polls/${poll.id}`} color="inherit" underline="hover">
            {poll.question}
          </Link>
        ) : (
          poll.question
        )}
      </Typography>

      <Stack direction="row" sx={{ mt: 1, mb: 2, gap: 0.75, flexWrap: 'wrap' }}>
        {poll.status !== 'published' && (
          <Chip size="small" color="info" label={CONTENT_STATUS_LABELS[poll.status]} />
        )}
        {closing && (
          <Chip
            size="small"
            icon={<ScheduleRounded />}
            label={closing}
            color={closed ? 'default' : 'warning'}
            variant="outlined"
            title={poll.closesAt ? exactTime(poll.closesAt) : undefined}
          />
        )}
        <Chip size="small" variant="outlined" label={TYPE_LABELS[poll.type]} />
        {poll.voters === 'anonymous' && (
          <Chip
            size="small"
            variant="outlined"
            icon={<VisibilityOffOutlined />}
            label="Anonymous poll"
            title="Nobody sees who voted for what, not even the author."
          />
        )}
        {poll.tags.map((tag) => (
          <Chip
            key={tag}
            component={RouterLink}
            to={`/polls?tag=${encodeURIComponent(tag)}`}
            clickable
            size="small"
            label={`#${tag}`}
            sx={{ fontWeight: 500, bgcolor: 'action.hover' }}
          />
        ))}
      </Stack>

      {children}

      {view === 'ballot' ? (
        <>
          <PollBallot
            key={`${poll.id}-${poll.myVote.join('-')}`}
            poll={poll}
            busy={busy}
            onVote={(choices) => void onVote(choices)}
            onCancel={voted ? () => setChanging(false) : undefined}
            extra={!voted && showResultsButton}
          />
          {/* Without it a member wonders why "View results" is missing. */}
          {poll.tallies === null && (
            <Stack
              direction="row"
              spacing={0.75}
              sx={{ mt: 1.5, alignItems: 'flex-start', color: 'text.secondary' }}
            >
              <VisibilityOffOutlined sx={{ fontSize: 18, mt: '1px' }} aria-hidden />
              <Typography variant="body2">{hiddenReason}</Typography>
            </Stack>
          )}
        </>
      ) : (
        <Box>
          {poll.tallies ? (
            <PollResults
              poll={poll}
              results={poll.tallies}
              onShowVoters={poll.voters === 'public' && variant === 'page' ? setVoters : undefined}
              showRunoff={variant === 'page'}
            />
          ) : (
            <Alert severity="info" icon={<VisibilityOffOutlined />}>
              {hiddenReason}
            </Alert>
          )}
          <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
            {open && voted && (
              <>
                <Button variant="outlined" onClick={() => setChanging(true)} disabled={busy}>
                  Change vote
                </Button>
                <Button color="inherit" onClick={() => void onWithdraw()} disabled={busy}>
                  Withdraw vote
                </Button>
              </>
            )}
            {open && !voted && peeking && (
              <Button variant="outlined" onClick={() => setPeeking(false)}>
                Back to voting
              </Button>
            )}
          </Stack>
        </Box>
      )}

      <Stack
        direction="row"
        sx={{
          mt: 2,
          pt: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          color: 'text.secondary',
        }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <HowToVoteOutlined sx={{ fontSize: 18 }} aria-hidden />
          <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 500 }}>
            {plural(poll.votersCount, 'voter')}
          </Typography>
        </Stack>
        {voted && !changing && <Typography variant="body2">You voted</Typography>}
        {!open && poll.status === 'published' && (
          <Typography variant="body2">Voting is closed.</Typography>
        )}
        {variant === 'feed' && (
          <Stack direction="row" spacing={2} sx={{ ml: 'auto' }}>
            <CountStat
              icon={<FavoriteBorderRounded sx={{ fontSize: 18 }} />}
              label={plural(poll.likesCount, 'like')}
              value={compactCount(poll.likesCount)}
            />
            <CountStat
              icon={<ChatBubbleOutlineRounded sx={{ fontSize: 18 }} />}
              label={plural(poll.commentsCount, 'comment')}
              value={compactCount(poll.commentsCount)}
            />
          </Stack>
        )}
      </Stack>
      {voters && (
        <Suspense fallback={null}>
          <VotedByDialog
            poll={poll.id}
            option={voters}
            ranked={poll.type === 'ranked'}
            onClose={() => setVoters(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** The shape of a poll card while the list loads. */
export function PollCardSkeleton() {
  return (
    <Card aria-hidden sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Skeleton variant="circular" width={28} height={28} />
        <Skeleton width={140} />
      </Stack>
      <Skeleton width="70%" height={30} />
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    </Card>
  );
}
