export {
  chatReducer,
  chatSlice,
  chatListLoaded,
  moreChatsLoaded,
  chatSelected,
  selectionCleared,
  messagesLoaded,
  olderMessagesLoaded,
  messageReceived,
  messageSent,
  chatStarted,
  chatRead,
  chatBlocked,
  chatUnblocked,
  chatDeleted,
  unreadTotalChanged,
  connectionChanged,
  fetchChatList,
  searchChats,
  startChat,
  fetchMessages,
  sendMessage,
  fetchUnreadTotal,
  markChatRead,
  deleteChat,
  fetchUserChatId,
  blockChat,
  unblockChat,
  selectChatState,
  selectChats,
  selectHasMoreChats,
  selectSelectedChatUser,
  selectOpenChatId,
  selectOpenChat,
  selectOpenChatMessages,
  selectHasOlderMessages,
  selectUnreadChatTotal,
  selectChatConnection,
  selectChatLoading,
  selectMessagesLoading,
  selectChatError,
  readStoredSelection,
  SELECTED_USER_STORAGE_KEY,
} from './chat-slice';
export type { ChatState, ChatRootState, SelectedChatUser } from './chat-slice';
export {
  connectChatSocket,
  persistChatSelection,
  retryChatSocket,
  viewerIdOf,
} from './chat-socket';
export type { ChatSocketOptions, ChatStore } from './chat-socket';
export { blockMember, lookUpMemberChat, unblockMember } from './chat-blocks';
export type { MemberChat } from './chat-blocks';
export { MemberChatActions } from './components/member-chat-actions';
export type { ChatMember } from './components/member-chat-actions';
export { UnreadChatsBadge } from './components/unread-chats-badge';
export { chatName } from './chat-format';
