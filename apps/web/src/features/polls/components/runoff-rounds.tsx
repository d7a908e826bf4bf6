import type { Poll, PollResults } from '@agora/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/**
 * The instant runoff as a table: one row per option, one column per round, each cell the
 * option's votes that round; "out" once it was eliminated, the winner in bold.
 */
export function RunoffRounds({ poll, results }: { poll: Poll; results: PollResults }) {
  const eliminatedIn = new Map<number, number>();
  results.rounds.forEach((round, index) => {
    for (const id of round.eliminated) eliminatedIn.set(id, index);
  });
  return (
    <Box sx={{ mt: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Runoff, round by round
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Each round the option with the fewest votes goes out, and its voters&apos; next choices
        count instead.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Runoff rounds">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Option
              </TableCell>
              {results.rounds.map((_round, index) => (
                <TableCell
                  key={index}
                  component="th"
                  scope="col"
                  align="right"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Round {index + 1}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {poll.options.map((option) => {
              const winner = results.winners.includes(option.id);
              const out = eliminatedIn.get(option.id);
              return (
                <TableRow key={option.id}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ fontWeight: winner ? 700 : 400, overflowWrap: 'anywhere' }}
                  >
                    {option.text}
                    {winner && ' (winner)'}
                  </TableCell>
                  {results.rounds.map((round, index) => {
                    const tally = round.tallies.find((item) => item.id === option.id);
                    return (
                      <TableCell
                        key={index}
                        align="right"
                        sx={{
                          fontVariantNumeric: 'tabular-nums',
                          color: out !== undefined && index > out ? 'text.disabled' : undefined,
                          fontWeight: winner && index === results.rounds.length - 1 ? 700 : 400,
                        }}
                      >
                        {tally ? tally.votes : out !== undefined && index > out ? 'out' : '–'}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
