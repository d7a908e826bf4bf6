import type { Poll, PollResults as Results } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { plural } from '../../../lib/format';
import { RunoffRounds } from './runoff-rounds';

interface PollResultsProps {
  poll: Poll;
  results: Results;
  /** Opens the list of who chose an option; absent for anonymous polls and in lists. */
  onShowVoters?: (option: { id: number; text: string }) => void;
  /** Shows a ranked poll's runoff round by round (its own page; lists show the winner). */
  showRunoff?: boolean;
}

/** "42.5%" with at most one decimal, as the server rounds it. */
function percentText(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/**
 * The tallies as bars: each option's share of the voters (not of the votes), its count, the
 * viewer's choice marked; a ranked poll adds the runoff round by round and its winner.
 */
export function PollResults({ poll, results, onShowVoters, showRunoff = false }: PollResultsProps) {
  const ranked = poll.type === 'ranked';
  const winners = poll.options.filter((option) => results.winners.includes(option.id));
  return (
    <Box>
      {ranked && winners.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mb: 1.5, color: 'success.main' }}
        >
          <EmojiEventsRounded aria-hidden />
          <Typography sx={{ fontWeight: 700 }}>
            {winners.length === 1 ? 'Winner' : 'Tied winners'}:{' '}
            {winners.map((option) => option.text).join(', ')}
          </Typography>
        </Stack>
      )}
      {ranked && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          First choices
        </Typography>
      )}
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {poll.options.map((option) => {
          const tally = results.options.find((item) => item.id === option.id);
          const votes = tally?.votes ?? 0;
          const percent = tally?.percent ?? 0;
          const rank = poll.myVote.indexOf(option.id);
          const chosen = rank >= 0;
          // A full ranking contains every option: only the first preference stands out, the
          // others carry just their "Your #n".
          const mine = ranked ? rank === 0 : chosen;
          const yours = chosen ? (ranked ? `your choice number ${rank + 1}` : 'your choice') : '';
          return (
            <Box
              component="li"
              key={option.id}
              aria-label={`${option.text}: ${percentText(percent)}, ${plural(votes, 'vote')}${yours ? `, ${yours}` : ''}`}
            >
              <Box
                sx={(theme) => ({
                  position: 'relative',
                  overflow: 'hidden',
                  borderRadius: '10px',
                  border: `1.5px solid ${mine ? theme.vars.palette.primary.main : theme.vars.palette.divider}`,
                  px: 2,
                  py: 1.25,
                })}
              >
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    position: 'absolute',
                    inset: 0,
                    width: `${Math.min(percent, 100)}%`,
                    bgcolor: `rgba(${theme.vars.palette.primary.mainChannel} / ${mine ? 0.2 : 0.09})`,
                    transition: 'width 400ms ease',
                  })}
                />
                <Stack
                  direction="row"
                  spacing={1}
                  aria-hidden
                  sx={{ position: 'relative', alignItems: 'center' }}
                >
                  {mine && <CheckCircleRounded color="primary" sx={{ fontSize: 20 }} />}
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: mine ? 700 : 500, overflowWrap: 'break-word' }}>
                      {option.text}
                    </Typography>
                    {chosen && ranked && (
                      <Typography
                        variant="body2"
                        color={mine ? 'primary' : 'text.secondary'}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        Your #{rank + 1}
                      </Typography>
                    )}
                  </Box>
                  <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                    <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                      {percentText(percent)}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="textSecondary"
                      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                    >
                      {plural(votes, 'vote')}
                    </Typography>
                  </Box>
                </Stack>
              </Box>
              {onShowVoters && votes > 0 && (
                <Button
                  size="small"
                  onClick={() => onShowVoters(option)}
                  aria-label={`Voted by: who chose ${option.text}`}
                  sx={{ mt: 0.25, ml: 0.5, minWidth: 0, px: 0.5 }}
                >
                  Voted by
                </Button>
              )}
            </Box>
          );
        })}
      </Stack>
      {poll.type === 'multiple' && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Percentages are of voters; each could pick up to {poll.maxChoices ?? poll.options.length}.
        </Typography>
      )}
      {ranked && showRunoff && results.rounds.length > 1 && (
        <RunoffRounds poll={poll} results={results} />
      )}
    </Box>
  );
}
