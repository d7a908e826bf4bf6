import Box from '@mui/material/Box';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { CONTENT_MODEL_LABELS, type ContentModel, type NotificationItem } from '@agora/shared';
import { Avatar } from '../../../components/avatar';
import { timeAgo } from '../notification-format';

const isContentModel = (model: string): model is ContentModel =>
  Object.hasOwn(CONTENT_MODEL_LABELS, model);

/** "Discussion", "Reply": what the notification is about (its message names it already). */
function kindOf(item: NotificationItem): string {
  const { model } = item.targetObject;
  return isContentModel(model)
    ? CONTENT_MODEL_LABELS[model]
    : model.charAt(0).toUpperCase() + model.slice(1);
}

interface NotificationRowProps {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}

/** One notification: who, what, when; unviewed ones stand out with a tint and a dot. */
export function NotificationRow({ item, onOpen }: NotificationRowProps) {
  const unviewed = !item.viewed;
  return (
    <ListItemButton
      aria-label={`${item.message}${unviewed ? ', new' : ''}`}
      onClick={() => onOpen(item)}
      sx={(theme) => ({
        alignItems: 'flex-start',
        gap: 1.5,
        py: 1.25,
        px: 2,
        whiteSpace: 'normal',
        bgcolor: unviewed ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.07)` : undefined,
      })}
    >
      <ListItemAvatar sx={{ minWidth: 0, mt: 0.25 }}>
        <Avatar name={item.actor.username} src={item.actor.avatar} />
      </ListItemAvatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{
            fontWeight: unviewed ? 600 : 400,
            color: unviewed ? 'text.primary' : 'text.secondary',
          }}
        >
          {item.message}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p" noWrap>
          {kindOf(item)} · <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
        </Typography>
      </Box>
      {unviewed && (
        <Box
          aria-hidden
          sx={{
            width: 10,
            height: 10,
            mt: 0.75,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            flexShrink: 0,
          }}
        />
      )}
    </ListItemButton>
  );
}
