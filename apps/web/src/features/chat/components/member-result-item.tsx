import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { MemberHit } from '@agora/shared';
import { Avatar } from '../../../components/avatar';
import { memberDisplayName } from '../chat-start';

interface MemberResultItemProps {
  member: MemberHit;
  disabled: boolean;
  onChoose: (member: MemberHit) => void;
}

/** A member found by the chat search whom the viewer has not chatted with: choosing opens a new chat. */
export function MemberResultItem({ member, disabled, onChoose }: MemberResultItemProps) {
  const name = memberDisplayName(member);
  return (
    <ListItem disablePadding>
      <ListItemButton
        disabled={disabled}
        onClick={() => onChoose(member)}
        sx={{ gap: 1.5, py: 1, px: 2 }}
      >
        <ListItemAvatar sx={{ minWidth: 0 }}>
          <Avatar name={name} src={member.avatar} size={40} />
        </ListItemAvatar>
        <ListItemText
          primary={name}
          secondary={`@${member.username}`}
          slotProps={{
            primary: { noWrap: true, sx: { fontWeight: 600 } },
            secondary: { noWrap: true },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}
