import type { Discussion } from '@agora/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PollOutlined from '@mui/icons-material/PollOutlined';
import { useToast } from '../../../lib/toasts/use-toast';
import { accentColor } from '../../../components/accent-color';
import { apiFailure } from '../../auth';
import { useVoteDiscussionPollMutation } from '../forums-api';
import { plural } from '../../../lib/format';
import { useSignInGate } from '../../content';

/** Whole-number percentages of `total`. */
function percentOf(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 100);
}

/** The discussion's poll: bars with live percentages; a click votes or moves the vote. */
export function PollCard({ discussion }: { discussion: Discussion }) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const [vote, { isLoading }] = useVoteDiscussionPollMutation();
  const choices = discussion.pollChoices;
  const total = choices.reduce((sum, choice) => sum + choice.votesCount, 0);
  const voted = choices.find((choice) => choice.isVoted);
  const open = discussion.status === 'published';

  const onVote = async (choice: number) => {
    if (!signedIn('vote')) return;
    try {
      await vote({ forum: discussion.id, choice }).unwrap();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="poll-title"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <PollOutlined sx={(theme) => accentColor(theme)} />
        <Typography id="poll-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Poll
        </Typography>
        <Typography variant="body2" color="textSecondary" aria-live="polite">
          {plural(total, 'vote')}
        </Typography>
      </Stack>
      <Stack spacing={1.25}>
        {choices.map((choice) => {
          const percent = percentOf(choice.votesCount, total);
          return (
            <ButtonBase
              key={choice.id}
              aria-pressed={choice.isVoted}
              aria-label={`${choice.text}: ${percent}%, ${plural(choice.votesCount, 'vote')}`}
              disabled={!open || isLoading}
              onClick={() => void onVote(choice.id)}
              sx={(theme) => ({
                position: 'relative',
                overflow: 'hidden',
                justifyContent: 'flex-start',
                textAlign: 'left',
                width: '100%',
                borderRadius: '10px',
                border: `1.5px solid ${choice.isVoted ? theme.vars.palette.primary.main : theme.vars.palette.divider}`,
                px: 2,
                py: 1.25,
                '&:hover': { borderColor: theme.vars.palette.primary.main },
                '&.Mui-focusVisible': { outline: `2px solid ${theme.vars.palette.primary.main}` },
              })}
            >
              <Box
                aria-hidden
                sx={(theme) => ({
                  position: 'absolute',
                  inset: 0,
                  width: `${percent}%`,
                  bgcolor: `rgba(${theme.vars.palette.primary.mainChannel} / ${choice.isVoted ? 0.18 : 0.08})`,
                  transition: 'width 400ms ease',
                })}
              />
              <Stack
                direction="row"
                spacing={1}
                sx={{ position: 'relative', alignItems: 'center', width: '100%' }}
              >
                {choice.isVoted && <CheckCircleRounded color="primary" sx={{ fontSize: 20 }} />}
                <Typography sx={{ flex: 1, fontWeight: choice.isVoted ? 700 : 500 }}>
                  {choice.text}
                </Typography>
                <Typography
                  aria-hidden
                  sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                >
                  {percent}%
                </Typography>
              </Stack>
            </ButtonBase>
          );
        })}
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
        {!open
          ? 'Voting is closed for this discussion.'
          : voted
            ? `You voted for “${voted.text}”. Choose another answer to move your vote.`
            : 'Choose an answer to vote. You can change your vote later.'}
      </Typography>
    </Paper>
  );
}
