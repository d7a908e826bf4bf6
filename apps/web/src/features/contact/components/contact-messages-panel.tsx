import { Link as RouterLink } from '../../../lib/router';
import type { ContactMessage } from '@agora/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import { EmptyState } from '../../../components/empty-state';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { exactTime, timeAgo } from '../../../lib/format';
import { apiFailure } from '../../auth';
import { useGetContactMessagesInfiniteQuery } from '../contact-api';

function MessagesSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-label="Loading the messages">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={120} sx={{ borderRadius: '12px' }} />
      ))}
    </Stack>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={`contact-message-${message.id}`}
      sx={{ borderRadius: '12px', px: 2, py: 1.5 }}
    >
      <Typography
        id={`contact-message-${message.id}`}
        component="h2"
        sx={{ fontSize: '1rem', fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        {message.subject}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        From {message.name} (
        <Link href={reply} aria-label={`Answer ${message.name} at ${message.email}`}>
          {message.email}
        </Link>
        )
        {message.sender && (
          <>
            {', signed in as '}
            <Link
              component={RouterLink}
              to={`/user-info/${encodeURIComponent(message.sender.username)}`}
            >
              {message.sender.username}
            </Link>
          </>
        )}
        {' · '}
        <time dateTime={message.createdAt} title={exactTime(message.createdAt)}>
          {timeAgo(message.createdAt)}
        </time>
      </Typography>
      <Box
        component="p"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          mt: 1,
          mb: 0.5,
          typography: 'body1',
        }}
      >
        {message.message}
      </Box>
    </Paper>
  );
}

/** The Messages tab of /moderation: what people sent through Contact us, newest first. */
export function ContactMessagesPanel() {
  const query = useGetContactMessagesInfiniteQuery(undefined);
  const messages = itemsOf(query.data);
  return (
    <LoadMoreList
      query={query}
      count={messages.length}
      skeleton={<MessagesSkeleton />}
      failure={apiFailure(query.error).message}
      empty={
        <EmptyState icon={MailOutlineRounded} title="No messages yet">
          Messages sent from the Contact us page appear here.
        </EmptyState>
      }
      more={{ label: 'Load more', variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
    >
      <Stack
        component="ul"
        aria-label="Messages, newest first"
        aria-busy={query.isFetching}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}
