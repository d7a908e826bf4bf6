import { useEffect, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import BlockRounded from '@mui/icons-material/BlockRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { blockMember, lookUpMemberChat, unblockMember } from '../chat-blocks';
import type { MemberChat } from '../chat-blocks';
import { chatSelected } from '../chat-slice';

/** The member whose profile is shown. */
export interface ChatMember {
  id: number;
  username: string;
  displayName: string;
  avatar: string | null;
}

/**
 * "Message" and "Block"/"Unblock" on a member's profile. Message opens /chat with the member
 * selected: their chat when there is one, otherwise a new one that the first message starts.
 */
export function MemberChatActions({ member }: { member: ChatMember }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [looked, setLooked] = useState<MemberChat | null>(null);
  const [busy, setBusy] = useState(false);
  const theme = useTheme();
  // Beside the large avatar on a phone there is room for one labelled button only.
  const compact = useMediaQuery(theme.breakpoints.down('sm'));

  useEffect(() => {
    let current = true;
    void dispatch(lookUpMemberChat({ memberId: member.id })).then((result) => {
      if (!current) return;
      // Without an answer the member can still write: the first message joins any existing chat.
      setLooked(
        lookUpMemberChat.fulfilled.match(result)
          ? result.payload
          : { chatId: null, blockedByMe: 'False', isBlocked: 'False' },
      );
    });
    return () => {
      current = false;
    };
  }, [member.id, dispatch]);

  const openChat = () => {
    dispatch(
      chatSelected({
        chatId: looked?.chatId ?? null,
        userId: member.id,
        displayName: member.displayName,
        chatProfile: member.avatar,
        ...(looked && { blockedByMe: looked.blockedByMe, isBlocked: looked.isBlocked }),
      }),
    );
    void navigate('/chat');
  };

  const toggleBlock = async () => {
    if (!looked) return;
    setBusy(true);
    const arg = { memberId: member.id, chatId: looked.chatId };
    const wasBlocked = looked.blockedByMe === 'True';
    const result = await dispatch(wasBlocked ? unblockMember(arg) : blockMember(arg));
    setBusy(false);
    if (blockMember.fulfilled.match(result) || unblockMember.fulfilled.match(result)) {
      const { blockedByMe, isBlocked } = result.payload;
      setLooked({ ...looked, blockedByMe, isBlocked });
      toast.success(
        wasBlocked
          ? `You unblocked ${member.displayName}.`
          : `You blocked ${member.displayName}. Neither of you can message the other now.`,
      );
    } else {
      toast.error(
        typeof result.payload === 'string' ? result.payload : 'That did not work; try again.',
      );
    }
  };

  const blocked = looked?.blockedByMe === 'True';
  const blockLabel = blocked ? 'Unblock' : 'Block';
  const blockIcon = blocked ? <LockOpenRounded /> : <BlockRounded />;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="contained"
        startIcon={<ChatBubbleOutlineRounded />}
        disabled={looked === null}
        onClick={openChat}
      >
        Message
      </Button>
      {compact ? (
        <Tooltip title={blockLabel}>
          <span>
            <IconButton
              aria-label={blockLabel}
              color={blocked ? 'primary' : 'error'}
              disabled={looked === null || busy}
              onClick={() => void toggleBlock()}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              {blockIcon}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          color={blocked ? 'primary' : 'error'}
          startIcon={blockIcon}
          disabled={looked === null || busy}
          onClick={() => void toggleBlock()}
        >
          {blockLabel}
        </Button>
      )}
    </Stack>
  );
}
