import { Link as RouterLink } from '../../../lib/router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Avatar } from '../../../components/avatar';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';
import { timeAgo } from '../../../lib/format';
import { useListPollVotersInfiniteQuery } from '../polls-api';

interface VotedByDialogProps {
  poll: number;
  option: { id: number; text: string };
  /** A ranked poll shows where each voter put the option. */
  ranked: boolean;
  onClose: () => void;
}

/** The members who chose an option of a public poll, latest first, a page at a time. */
export function VotedByDialog({ poll, option, ranked, onClose }: VotedByDialogProps) {
  const query = useListPollVotersInfiniteQuery({ poll, option: option.id });
  const voters = itemsOf(query.data);
  const titleId = `poll-${poll}-voters-${option.id}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Voted for “{option.text}”
      </DialogTitle>
      <DialogContent dividers sx={{ px: 1 }}>
        <LoadMoreList
          query={query}
          count={voters.length}
          skeleton={
            <div aria-hidden>
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} height={48} sx={{ mx: 2 }} />
              ))}
            </div>
          }
          failure={apiFailure(query.error).message}
          empty={
            <Typography color="textSecondary" sx={{ p: 2 }}>
              Nobody chose this option.
            </Typography>
          }
          more={{ label: 'Show more voters', fullWidth: true }}
        >
          <List aria-label="Voters" dense>
            {voters.map((voter) => (
              <ListItem key={voter.user.id} disablePadding>
                <ListItemButton component={RouterLink} to={`/user-info/${voter.user.username}`}>
                  <ListItemAvatar sx={{ minWidth: 48 }}>
                    <Avatar name={voter.user.username} src={voter.user.avatar} size={32} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={voter.user.username}
                    secondary={
                      ranked && voter.rank !== null
                        ? `Ranked it #${voter.rank} · ${timeAgo(voter.votedAt)}`
                        : timeAgo(voter.votedAt)
                    }
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </LoadMoreList>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
