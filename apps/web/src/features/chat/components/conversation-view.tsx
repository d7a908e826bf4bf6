import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import WavingHandRounded from '@mui/icons-material/WavingHandRounded';
import type { ChatMessage, TrueFalse } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { blockMember, unblockMember } from '../chat-blocks';
import { chatName } from '../chat-format';
import {
  blockChat,
  chatSelected,
  deleteChat,
  fetchChatList,
  fetchMessages,
  markChatRead,
  selectChatState,
  selectHasOlderMessages,
  selectMessagesLoading,
  selectOpenChat,
  selectOpenChatMessages,
  sendMessage,
  startChat,
  unblockChat,
} from '../chat-slice';
import type { SelectedChatUser } from '../chat-slice';
import { ChatComposer } from './chat-composer';
import { ConversationHeader } from './conversation-header';
import { MessageList } from './message-list';

interface ConversationViewProps {
  selected: SelectedChatUser;
  viewerId: number | null;
  onBack?: () => void;
  /** Put the cursor in the message field on opening (not on phones, where it pops the keyboard). */
  focusOnOpen: boolean;
}

/** Id of the newest message the other member sent, or null. */
function newestIncoming(messages: ChatMessage[], viewerId: number | null): number | null {
  return messages.find((m) => viewerId !== null && m.user !== viewerId)?.id ?? null;
}

/** The open conversation: header, block banner, messages and the composer. */
export function ConversationView({
  selected,
  viewerId,
  onBack,
  focusOnOpen,
}: ConversationViewProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const entry = useAppSelector(selectOpenChat);
  const messages = useAppSelector(selectOpenChatMessages);
  const hasOlder = useAppSelector(selectHasOlderMessages);
  const loading = useAppSelector(selectMessagesLoading);
  const cursor = useAppSelector(selectChatState).messagesNext;
  const { chatId } = selected;
  const name = chatName(entry?.displayName || selected.displayName);
  const incomingId = newestIncoming(messages, viewerId);
  /** What was last marked read, so each message from the other member marks it read once. */
  const marked = useRef<{ chatId: number; incomingId: number | null } | null>(null);

  useEffect(() => {
    marked.current = null;
    if (chatId === null) return;
    void dispatch(fetchMessages({ chatId })).then((result) => {
      if (!fetchMessages.fulfilled.match(result)) return;
      marked.current = { chatId, incomingId: newestIncoming(result.payload.results, viewerId) };
      void dispatch(markChatRead(chatId));
    });
  }, [chatId, viewerId, dispatch]);

  // A message arriving while the conversation is open is read at once.
  useEffect(() => {
    const last = marked.current;
    if (chatId === null || last?.chatId !== chatId || last.incomingId === incomingId) return;
    last.incomingId = incomingId;
    void dispatch(markChatRead(chatId));
  }, [chatId, incomingId, dispatch]);

  // The list entry knows the block; a chat not in the list (new, or deleted) was opened with it.
  const blockedByMeFlag = entry?.blockedByMe ?? selected.blockedByMe;
  const blockedByMe = blockedByMeFlag === 'True';
  const blockedByOther = !blockedByMe && (entry?.isBlocked ?? selected.isBlocked) === 'True';
  const blocked = blockedByMe || blockedByOther;
  const otherId = entry?.userId[0] ?? selected.userId;

  const onSend = async (text: string): Promise<boolean> => {
    const result =
      chatId === null
        ? await dispatch(startChat({ member: selected.userId, newmessage: text }))
        : await dispatch(sendMessage({ chatId, newmessage: text }));
    if (result.meta.requestStatus === 'fulfilled') return true;
    toast.error(typeof result.payload === 'string' ? result.payload : 'Your message was not sent.');
    // A block may have come in since the list was loaded: show it rather than fail again.
    void dispatch(fetchChatList());
    return false;
  };

  /**
   * Blocks (`block` true) or unblocks the other member: through the chat once it exists, from
   * the member otherwise. SPEC §4: blocking sets both flags 'True', unblocking both 'False'.
   */
  const changeBlock = async (block: boolean) => {
    const memberArg = { memberId: otherId, chatId };
    const result =
      chatId === null
        ? await dispatch(block ? blockMember(memberArg) : unblockMember(memberArg))
        : block
          ? await dispatch(blockChat({ chatId, userId: otherId }))
          : await dispatch(unblockChat(chatId));
    const verb = block ? 'blocked' : 'unblocked';
    if (result.meta.requestStatus === 'fulfilled') {
      const flag: TrueFalse = block ? 'True' : 'False';
      dispatch(chatSelected({ ...selected, blockedByMe: flag, isBlocked: flag }));
      toast.success(`You ${verb} ${name}.`);
    } else {
      toast.error(
        typeof result.payload === 'string' ? result.payload : `${name} could not be ${verb}.`,
      );
    }
  };
  const onBlock = () => changeBlock(true);
  const onUnblock = () => changeBlock(false);

  const onDelete = async () => {
    if (chatId === null) return;
    const result = await dispatch(deleteChat(chatId));
    if (deleteChat.fulfilled.match(result)) toast.success('Conversation deleted.');
    else toast.error(result.payload ?? 'The conversation could not be deleted.');
  };

  const firstLoad = loading && messages.length === 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ConversationHeader
        displayName={entry?.displayName || selected.displayName}
        chatProfile={entry ? entry.chatProfile : selected.chatProfile}
        onBack={onBack}
        blockedByMe={blockedByMeFlag === undefined ? null : blockedByMe}
        onBlock={() => void onBlock()}
        onUnblock={() => void onUnblock()}
        onDelete={chatId === null ? undefined : () => void onDelete()}
      />
      {firstLoad ? (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Loading messages" />
        </Box>
      ) : messages.length === 0 ? (
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            gap: 1,
            px: 3,
            color: 'text.secondary',
          }}
        >
          <WavingHandRounded sx={{ fontSize: 40, color: 'primary.main' }} />
          <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>
            {chatId === null ? `Say hello to ${name}` : 'No messages yet'}
          </Typography>
          <Typography variant="body2">
            {chatId === null
              ? 'Your first message starts the conversation.'
              : 'Messages you exchange will appear here.'}
          </Typography>
        </Box>
      ) : (
        <MessageList
          messages={messages}
          viewerId={viewerId}
          hasOlder={hasOlder}
          loadingOlder={loading}
          onLoadOlder={() => {
            if (chatId !== null && cursor !== null)
              void dispatch(fetchMessages({ chatId, cursor }));
          }}
        />
      )}
      {blockedByMe ? (
        <Alert
          severity="warning"
          square
          action={
            <Button color="inherit" size="small" onClick={() => void onUnblock()}>
              Unblock
            </Button>
          }
        >
          <AlertTitle>You blocked this member</AlertTitle>
          Neither of you can send messages until you unblock {name}.
        </Alert>
      ) : (
        blockedByOther && (
          <Alert severity="info" square>
            <AlertTitle>You can&apos;t reply to this conversation</AlertTitle>
            {chatId === null
              ? 'This member does not accept messages from you.'
              : 'You can still read the messages above.'}
          </Alert>
        )
      )}
      <ChatComposer
        autoFocus={focusOnOpen}
        key={selected.userId}
        onSend={onSend}
        disabled={blocked}
        placeholder={blocked ? 'Sending is turned off' : `Message ${name}`}
      />
    </Box>
  );
}
