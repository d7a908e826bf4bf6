import { Link as RouterLink } from '../../../lib/router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { SignInPrompt } from '../../content';

/** Beside the feed: how voting works, and the member's own polls (or a sign-in prompt). */
export function PollsSidePanel() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  return (
    <Stack spacing={2.5}>
      {isAuthenticated ? (
        <Paper variant="outlined" sx={{ borderRadius: '16px', p: 2.5 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Your polls
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            The polls you asked, drafts included, and the ones you bookmarked, liked or commented
            on.
          </Typography>
          <Button component={RouterLink} to="/my-content/polls" variant="outlined" fullWidth>
            Open My content
          </Button>
        </Paper>
      ) : (
        <SignInPrompt title="Have your say" stacked>
          Log in to vote, ask your own questions and comment.
        </SignInPrompt>
      )}
      <Paper variant="outlined" sx={{ borderRadius: '16px', p: 2.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <HowToVoteOutlined color="primary" aria-hidden />
          <Typography variant="h6" component="h2">
            How voting works
          </Typography>
        </Stack>
        <Typography variant="body2" color="textSecondary" component="div">
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            <li>One vote per member; change or withdraw it while the poll is open.</li>
            <li>Percentages are of voters, so multiple-choice bars can add up past 100%.</li>
            <li>Ranked polls count by instant runoff, round by round.</li>
            <li>Results update live as others vote.</li>
          </ul>
        </Typography>
      </Paper>
    </Stack>
  );
}
