import { Fragment } from 'react';
import type { UIEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DoneRounded from '@mui/icons-material/DoneRounded';
import type { ChatMessage } from '@agora/shared';
import { dayLabel, isSameDay, messageTime } from '../chat-format';

/** Older messages load once the member scrolls within this many pixels of the top. */
export const LOAD_OLDER_THRESHOLD_PX = 160;

interface MessageListProps {
  /** Newest first, as the slice holds them. */
  messages: ChatMessage[];
  viewerId: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        mb: 1,
      }}
    >
      <Box
        sx={(theme) => ({
          maxWidth: { xs: '85%', sm: '70%' },
          px: 1.75,
          py: 1,
          borderRadius: '18px',
          ...(mine
            ? {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                borderBottomRightRadius: '6px',
              }
            : {
                bgcolor: theme.vars.palette.action.hover,
                color: 'text.primary',
                borderBottomLeftRadius: '6px',
              }),
        })}
      >
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '0.95rem' }}>
          {message.message}
        </Typography>
      </Box>
      <Typography
        variant="caption"
        color="textSecondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25, px: 0.5 }}
      >
        <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
        {mine &&
          (message.read ? (
            <DoneAllRounded titleAccess="Seen" sx={{ fontSize: 15, color: 'primary.main' }} />
          ) : (
            <DoneRounded titleAccess="Sent" sx={{ fontSize: 15 }} />
          ))}
      </Typography>
    </Box>
  );
}

/**
 * The conversation, oldest at the top, kept scrolled to the newest message. The outer box is a
 * reversed column, so its scroll position counts from the bottom: a new message stays in view
 * and a page of older messages added on top does not move what the member is reading.
 */
export function MessageList({
  messages,
  viewerId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const oldestFirst = [...messages].reverse();

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    // scrollTop is 0 at the bottom and negative upwards in a reversed column.
    const fromTop = box.scrollHeight - box.clientHeight + box.scrollTop;
    if (hasOlder && !loadingOlder && fromTop < LOAD_OLDER_THRESHOLD_PX) onLoadOlder();
  };

  return (
    <Box
      onScroll={onScroll}
      // Scrollable by keyboard too, even when no message holds anything focusable.
      tabIndex={0}
      role="region"
      aria-label="Message history"
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column-reverse',
        px: { xs: 1.5, sm: 3 },
        py: 2,
        '&:focus-visible': {
          outline: '2px solid',
          outlineColor: 'primary.main',
          outlineOffset: -2,
        },
      }}
    >
      <Box>
        {hasOlder && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            {loadingOlder ? (
              <CircularProgress size={24} aria-label="Loading earlier messages" />
            ) : (
              <Button size="small" onClick={onLoadOlder}>
                Show earlier messages
              </Button>
            )}
          </Box>
        )}
        <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {oldestFirst.map((message, index) => {
            const previous = oldestFirst[index - 1];
            const newDay = !previous || !isSameDay(previous.createdAt, message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <Box component="li" sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
                    <Chip
                      role="separator"
                      aria-label={dayLabel(message.createdAt)}
                      size="small"
                      label={dayLabel(message.createdAt)}
                      variant="outlined"
                    />
                  </Box>
                )}
                <Bubble message={message} mine={viewerId !== null && message.user === viewerId} />
              </Fragment>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
