import { createAsyncThunk, createSlice, isAnyOf, isRejectedWithValue } from '@reduxjs/toolkit';
import type { Draft, PayloadAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ZodType } from 'zod';
import type * as ChatInput from './chat-input';
import type {
  ChatLastMessage,
  ChatListEntry,
  ChatListPage,
  ChatMessage,
  ChatMessageEvent,
  ChatMessagePage,
  StartChat,
  TrueFalse,
} from '@agora/shared';
import { errorMessage } from '../../lib/api-error';
import type { SocketStatus } from '../../lib/socket-client';
import { logout, logoutAll, selectAuthToken, sessionEnded } from '../auth';
import type { AuthRootState } from '../auth';
import * as chatApi from './chat-api';

/** The member whose conversation is open (or about to be, when started from a profile). */
export interface SelectedChatUser {
  /** Null until a first message starts the chat. */
  chatId: number | null;
  userId: number;
  displayName: string;
  chatProfile: string | null;
  /** The block between the two, known before the chat's list entry is (a chat not started yet). */
  blockedByMe?: TrueFalse;
  isBlocked?: TrueFalse;
}

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isTrueFalseOrAbsent = (value: unknown) =>
  value === undefined || value === 'True' || value === 'False';

/**
 * Whether a value read back from session storage is a selection: another version of the app, or
 * the member, may have written something else there. Checked by hand rather than with a schema,
 * so the chat state that every page loads does not bring zod with it.
 */
function isSelectedChatUser(value: unknown): value is SelectedChatUser {
  if (typeof value !== 'object' || value === null) return false;
  const { chatId, userId, displayName, chatProfile, blockedByMe, isBlocked } = value as Record<
    string,
    unknown
  >;
  return (
    (chatId === null || isId(chatId)) &&
    isId(userId) &&
    typeof displayName === 'string' &&
    (chatProfile === null || typeof chatProfile === 'string') &&
    isTrueFalseOrAbsent(blockedByMe) &&
    isTrueFalseOrAbsent(isBlocked)
  );
}

/** SPEC §3: the selected user is remembered in session storage under this key. */
export const SELECTED_USER_STORAGE_KEY = 'userSelected';

/** SPEC §3–4: the live chat list, the selection, the open chat and the socket. */
export interface ChatState {
  /** Newest last message first. */
  chats: ChatListEntry[];
  /** Cursor of the next page of the chat list, null on the last. */
  chatsNext: string | null;
  selectedUser: SelectedChatUser | null;
  /** Messages of the open chat (the selected user's chat), newest first. */
  messages: ChatMessage[];
  /** Cursor of older messages of the open chat, null when all are loaded. */
  messagesNext: string | null;
  /** Chats holding messages the member has not read. */
  unreadTotal: number;
  connection: SocketStatus;
  /** The chat list is loading. */
  loading: boolean;
  /** Messages of the open chat are loading. */
  messagesLoading: boolean;
  /** The message of the last failed chat call. */
  error: string | null;
  /**
   * Chats that began or got a message since the list was last asked for: the list's answer,
   * written before them, must not drop them or bring back their older last message.
   */
  changedSinceListed: number[];
}

/** The part of the store this feature reads; the store mounts `chatReducer` under `chat`. */
export interface ChatRootState {
  chat: ChatState;
}

/** The selection kept in this tab's session storage, if it is still readable. */
export function readStoredSelection(): SelectedChatUser | null {
  try {
    const raw = sessionStorage.getItem(SELECTED_USER_STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSelectedChatUser(parsed) ? parsed : null;
  } catch {
    // Storage switched off, or a value another version wrote.
    return null;
  }
}

function emptyState(): ChatState {
  return {
    chats: [],
    chatsNext: null,
    selectedUser: null,
    messages: [],
    messagesNext: null,
    unreadTotal: 0,
    connection: { state: 'idle' },
    loading: false,
    messagesLoading: false,
    error: null,
    changedSinceListed: [],
  };
}

const time = (iso: string) => Date.parse(iso);

const byLatestMessage = (a: ChatListEntry, b: ChatListEntry) =>
  time(b.chatmessage.createdAt) - time(a.chatmessage.createdAt);

/** Puts `entry` above every chat whose last message is not newer: a new message goes on top. */
function placeByLatest(chats: Draft<ChatListEntry>[], entry: Draft<ChatListEntry>): void {
  const at = chats.findIndex(
    (other) => time(other.chatmessage.createdAt) <= time(entry.chatmessage.createdAt),
  );
  if (at === -1) chats.push(entry);
  else chats.splice(at, 0, entry);
}

/** Adds a message to the open chat, keeping newest first; a copy already there is skipped. */
function addToOpenChat(state: Draft<ChatState>, message: ChatMessage): void {
  if (state.messages.some((m) => m.id === message.id)) return;
  const at = state.messages.findIndex((m) => time(m.createdAt) <= time(message.createdAt));
  if (at === -1) state.messages.push(message);
  else state.messages.splice(at, 0, message);
}

interface LatestMessage {
  chatId: number;
  last: ChatLastMessage;
  /** true marks the chat unread, false read, null leaves it as it was. */
  unread: boolean | null;
  /** The entry for a chat the list does not hold yet. */
  create: () => ChatListEntry;
}

/** SPEC §4: a message updates its chat's last message and moves it to the top. */
function applyLatest(state: Draft<ChatState>, { chatId, last, unread, create }: LatestMessage) {
  const index = state.chats.findIndex((c) => c.chatId === chatId);
  let entry: Draft<ChatListEntry>;
  if (index === -1) {
    entry = create();
  } else {
    [entry] = state.chats.splice(index, 1) as [Draft<ChatListEntry>];
    // A message delivered late must not replace a newer one.
    if (time(last.createdAt) >= time(entry.chatmessage.createdAt)) entry.chatmessage = last;
  }
  if (unread !== null) entry.chatViewed = !unread;
  placeByLatest(state.chats, entry);
  markChanged(state, chatId);
}

function markChanged(state: Draft<ChatState>, chatId: number) {
  if (!state.changedSinceListed.includes(chatId)) state.changedSinceListed.push(chatId);
}

const openChatId = (state: Draft<ChatState> | ChatState) => state.selectedUser?.chatId ?? null;

/** Socket messages without an id get a negative one of their own, unique in this tab. */
let localMessageId = 0;

interface MessageReceived {
  event: ChatMessageEvent;
  /** The signed-in member's id, to tell their own messages (sent from another tab) apart. */
  viewerId: number | null;
  fallbackId: number;
}

/** Input a form should have caught; the call is not made. */
class InvalidChatInput extends Error {}

/**
 * `value` checked with the shared schema `pick` chooses. The schemas load with the first send
 * (a chunk the chat page has usually fetched by then), not with the chat state every page loads.
 */
async function validated<T>(
  pick: (contracts: typeof ChatInput) => ZodType<T>,
  value: unknown,
): Promise<T> {
  const result = pick(await import('./chat-input')).safeParse(value);
  if (!result.success) {
    throw new InvalidChatInput(
      result.error.issues[0]?.message ?? 'Check the message and try again.',
    );
  }
  return result.data;
}

type ChatThunkState = AuthRootState & ChatRootState;

const createChatThunk = createAsyncThunk.withTypes<{
  state: ChatThunkState;
  dispatch: ThunkDispatch<ChatThunkState, unknown, UnknownAction>;
  rejectValue: string;
}>();

interface ChatCallApi {
  signal: AbortSignal;
  dispatch: ThunkDispatch<ChatThunkState, unknown, UnknownAction>;
  getState: () => ChatThunkState;
}

/**
 * A chat call (SPEC §7). SPEC §6: with no auth token it does nothing at all: no request, no
 * pending action. Failures carry the member-facing message of SPEC §8.
 */
export function chatCall<Result, Arg = void>(
  type: string,
  run: (arg: Arg, api: ChatCallApi) => Promise<Result>,
) {
  return createChatThunk<Result, Arg>(
    type,
    async (arg, { signal, dispatch, getState, rejectWithValue }) => {
      try {
        return await run(arg, { signal, dispatch, getState });
      } catch (error) {
        return rejectWithValue(
          error instanceof InvalidChatInput ? error.message : errorMessage(error),
        );
      }
    },
    { condition: (_arg, { getState }) => selectAuthToken(getState()) !== null },
  );
}

/** GET the chat list; with a cursor, its next page. */
export const fetchChatList = chatCall<ChatListPage, string | undefined>(
  'chat/fetchChatList',
  async (cursor, { signal, dispatch }) => {
    const page = await chatApi.listChats(cursor, signal);
    dispatch(cursor ? moreChatsLoaded(page) : chatListLoaded(page));
    return page;
  },
);

/** `search_chatllist/?q=`: the matching chats, for the page to show; the live list is unchanged. */
export const searchChats = chatCall<ChatListEntry[], string>(
  'chat/searchChats',
  async (q, { signal }) => (await chatApi.searchChats(q, signal)).results,
);

/** Starts a chat with `member` by sending a first message. */
export const startChat = chatCall<ChatListEntry, StartChat>(
  'chat/startChat',
  async (input, { signal, dispatch }) => {
    const entry = await chatApi.startChat(
      await validated(({ ZStartChat }) => ZStartChat, input),
      signal,
    );
    dispatch(chatStarted(entry));
    return entry;
  },
);

/** Messages of the open chat, newest first; with a cursor, the older page before it. */
export const fetchMessages = chatCall<ChatMessagePage, { chatId: number; cursor?: string }>(
  'chat/fetchMessages',
  async ({ chatId, cursor }, { signal, dispatch }) => {
    const page = await chatApi.listMessages(chatId, cursor, signal);
    dispatch(
      cursor ? olderMessagesLoaded({ chatId, ...page }) : messagesLoaded({ chatId, ...page }),
    );
    return page;
  },
);

export const sendMessage = chatCall<ChatMessage, { chatId: number; newmessage: string }>(
  'chat/sendMessage',
  async ({ chatId, newmessage }, { signal, dispatch }) => {
    const message = await chatApi.sendMessage(
      chatId,
      await validated(({ ZSendMessage }) => ZSendMessage, { newmessage }),
      signal,
    );
    dispatch(messageSent(message));
    return message;
  },
);

export const fetchUnreadTotal = chatCall<number>(
  'chat/fetchUnreadTotal',
  async (_arg, { signal, dispatch }) => {
    const total = await chatApi.getUnreadChats(signal);
    dispatch(unreadTotalChanged(total));
    return total;
  },
);

export const markChatRead = chatCall<number, number>(
  'chat/markChatRead',
  async (chatId, { signal, dispatch }) => {
    await chatApi.markChatRead(chatId, signal);
    dispatch(chatRead(chatId));
    return chatId;
  },
);

export const deleteChat = chatCall<number, number>(
  'chat/deleteChat',
  async (chatId, { signal, dispatch }) => {
    await chatApi.deleteChat(chatId, signal);
    dispatch(chatDeleted(chatId));
    return chatId;
  },
);

/** The member's chat with user `userId`, or null when they have none yet. */
export const fetchUserChatId = chatCall<number | null, number>(
  'chat/fetchUserChatId',
  async (userId, { signal }) => (await chatApi.getUserChat(userId, signal)).chatId,
);

/** Blocks `userId`, the other member of chat `chatId`. */
export const blockChat = chatCall<number, { chatId: number; userId: number }>(
  'chat/blockChat',
  async ({ chatId, userId }, { signal, dispatch }) => {
    await chatApi.blockChat(chatId, { user_id: userId }, signal);
    dispatch(chatBlocked(chatId));
    return chatId;
  },
);

export const unblockChat = chatCall<number, number>(
  'chat/unblockChat',
  async (chatId, { signal, dispatch }) => {
    await chatApi.unblockChat({ chat_unblock_id: chatId }, signal);
    dispatch(chatUnblocked(chatId));
    return chatId;
  },
);

export const chatSlice = createSlice({
  name: 'chat',
  initialState: (): ChatState => ({ ...emptyState(), selectedUser: readStoredSelection() }),
  reducers: {
    chatListLoaded(state, { payload }: PayloadAction<ChatListPage>) {
      const changed = new Map(
        state.chats
          .filter((c) => state.changedSinceListed.includes(c.chatId))
          .map((c) => [c.chatId, c]),
      );
      const listed = payload.results.map((entry) => {
        const mine = changed.get(entry.chatId);
        changed.delete(entry.chatId);
        return mine && time(mine.chatmessage.createdAt) > time(entry.chatmessage.createdAt)
          ? mine
          : entry;
      });
      state.chats = [...listed, ...changed.values()].sort(byLatestMessage);
      state.chatsNext = payload.next;
    },
    moreChatsLoaded(state, { payload }: PayloadAction<ChatListPage>) {
      const known = new Set(state.chats.map((c) => c.chatId));
      const added = payload.results.filter((c) => !known.has(c.chatId));
      state.chats = [...state.chats, ...added].sort(byLatestMessage);
      state.chatsNext = payload.next;
    },
    chatSelected(state, { payload }: PayloadAction<SelectedChatUser>) {
      if (payload.chatId === null || payload.chatId !== openChatId(state)) {
        state.messages = [];
        state.messagesNext = null;
      }
      state.selectedUser = payload;
    },
    selectionCleared(state) {
      state.selectedUser = null;
      state.messages = [];
      state.messagesNext = null;
    },
    messagesLoaded(state, { payload }: PayloadAction<{ chatId: number } & ChatMessagePage>) {
      // The member may have moved on to another chat while the page was loading.
      if (payload.chatId !== openChatId(state)) return;
      state.messages = [];
      for (const message of payload.results) addToOpenChat(state, message);
      state.messagesNext = payload.next;
    },
    olderMessagesLoaded(state, { payload }: PayloadAction<{ chatId: number } & ChatMessagePage>) {
      if (payload.chatId !== openChatId(state)) return;
      for (const message of payload.results) addToOpenChat(state, message);
      state.messagesNext = payload.next;
    },
    /** A chat_message from the chat socket (SPEC §4). */
    messageReceived: {
      reducer(state, { payload }: PayloadAction<MessageReceived>) {
        const { event, viewerId, fallbackId } = payload;
        const selected = state.selectedUser;
        // A chat opened from a profile gets its id from the first message the other member sends.
        if (selected && selected.chatId === null && selected.userId === event.user) {
          selected.chatId = event.chatId;
        }
        const isOpen = openChatId(state) === event.chatId;
        const fromViewer = viewerId !== null && event.user === viewerId;
        applyLatest(state, {
          chatId: event.chatId,
          last: { message: event.message, createdAt: event.createdAt, sender: event.user },
          // Open: the member is reading it. Another chat: unread, unless they wrote it themselves.
          unread: isOpen ? false : fromViewer ? null : true,
          create: () => ({
            chatId: event.chatId,
            chatmessage: { message: event.message, createdAt: event.createdAt, sender: event.user },
            displayName: event.displayName ?? (isOpen && selected ? selected.displayName : ''),
            chatProfile:
              event.chatProfile !== undefined
                ? event.chatProfile
                : fromViewer
                  ? null
                  : event.userProfile,
            userId: fromViewer ? [] : [event.user],
            blockedByMe: 'False',
            isBlocked: 'False',
            chatViewed: isOpen || fromViewer,
          }),
        });
        if (isOpen) {
          addToOpenChat(state, {
            id: event.id ?? fallbackId,
            createdAt: event.createdAt,
            chatId: event.chatId,
            message: event.message,
            user: event.user,
            userProfile: event.userProfile,
            read: false,
          });
        }
      },
      prepare: (event: ChatMessageEvent, viewerId: number | null = null) => {
        localMessageId -= 1;
        return { payload: { event, viewerId, fallbackId: localMessageId } };
      },
    },
    /** The member's own message, as the send call returned it. */
    messageSent(state, { payload }: PayloadAction<ChatMessage>) {
      const isOpen = openChatId(state) === payload.chatId;
      const last = { message: payload.message, createdAt: payload.createdAt, sender: payload.user };
      applyLatest(state, {
        chatId: payload.chatId,
        last,
        unread: isOpen ? false : null,
        create: () => ({
          chatId: payload.chatId,
          chatmessage: last,
          displayName: state.selectedUser?.displayName ?? '',
          chatProfile: state.selectedUser?.chatProfile ?? null,
          userId: state.selectedUser ? [state.selectedUser.userId] : [],
          blockedByMe: 'False',
          isBlocked: 'False',
          chatViewed: true,
        }),
      });
      if (isOpen) addToOpenChat(state, payload);
    },
    /** A chat begun (or continued) with a first message from the selected member's profile. */
    chatStarted(state, { payload }: PayloadAction<ChatListEntry>) {
      state.chats = state.chats.filter((c) => c.chatId !== payload.chatId);
      placeByLatest(state.chats, { ...payload, chatViewed: true });
      markChanged(state, payload.chatId);
      const selected = state.selectedUser;
      if (selected && selected.chatId === null && payload.userId.includes(selected.userId)) {
        selected.chatId = payload.chatId;
      }
    },
    chatRead(state, { payload: chatId }: PayloadAction<number>) {
      const entry = state.chats.find((c) => c.chatId === chatId);
      if (entry) entry.chatViewed = true;
    },
    /** SPEC §4: blocking sets blockedByMe and isBlocked to 'True'. */
    chatBlocked(state, { payload: chatId }: PayloadAction<number>) {
      const entry = state.chats.find((c) => c.chatId === chatId);
      if (entry) {
        entry.blockedByMe = 'True';
        entry.isBlocked = 'True';
      }
    },
    /** SPEC §4: unblocking sets both to 'False'. */
    chatUnblocked(state, { payload: chatId }: PayloadAction<number>) {
      const entry = state.chats.find((c) => c.chatId === chatId);
      if (entry) {
        entry.blockedByMe = 'False';
        entry.isBlocked = 'False';
      }
    },
    /** SPEC §4: deleting a chat removes it and clears the selection. */
    chatDeleted(state, { payload: chatId }: PayloadAction<number>) {
      state.chats = state.chats.filter((c) => c.chatId !== chatId);
      state.selectedUser = null;
      state.messages = [];
      state.messagesNext = null;
    },
    unreadTotalChanged(state, { payload }: PayloadAction<number>) {
      state.unreadTotal = payload;
    },
    connectionChanged(state, { payload }: PayloadAction<SocketStatus>) {
      state.connection = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // The chats of one member never outlive their session.
      .addMatcher(isAnyOf(logout.fulfilled, logoutAll.fulfilled, sessionEnded), () => emptyState())
      .addMatcher(isAnyOf(fetchChatList.pending), (state, { meta }) => {
        state.loading = true;
        state.error = null;
        if (meta.arg === undefined) state.changedSinceListed = [];
      })
      .addMatcher(isAnyOf(fetchChatList.fulfilled, fetchChatList.rejected), (state) => {
        state.loading = false;
      })
      .addMatcher(isAnyOf(fetchMessages.pending), (state) => {
        state.messagesLoading = true;
        state.error = null;
      })
      .addMatcher(isAnyOf(fetchMessages.fulfilled, fetchMessages.rejected), (state) => {
        state.messagesLoading = false;
      })
      .addMatcher(
        isRejectedWithValue(
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
        ),
        (state, { payload }) => {
          state.error = payload;
        },
      );
  },
});

export const {
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
} = chatSlice.actions;
export const chatReducer = chatSlice.reducer;

export const selectChatState = (state: ChatRootState): ChatState => state.chat;
export const selectChats = (state: ChatRootState): ChatListEntry[] => state.chat.chats;
export const selectHasMoreChats = (state: ChatRootState): boolean => state.chat.chatsNext !== null;
export const selectSelectedChatUser = (state: ChatRootState): SelectedChatUser | null =>
  state.chat.selectedUser;
export const selectOpenChatId = (state: ChatRootState): number | null => openChatId(state.chat);
/** The list entry of the open chat, if the list holds it. */
export const selectOpenChat = (state: ChatRootState): ChatListEntry | undefined => {
  const chatId = openChatId(state.chat);
  return chatId === null ? undefined : state.chat.chats.find((c) => c.chatId === chatId);
};
export const selectOpenChatMessages = (state: ChatRootState): ChatMessage[] => state.chat.messages;
export const selectHasOlderMessages = (state: ChatRootState): boolean =>
  state.chat.messagesNext !== null;
export const selectUnreadChatTotal = (state: ChatRootState): number => state.chat.unreadTotal;
export const selectChatConnection = (state: ChatRootState): SocketStatus => state.chat.connection;
export const selectChatLoading = (state: ChatRootState): boolean => state.chat.loading;
export const selectMessagesLoading = (state: ChatRootState): boolean => state.chat.messagesLoading;
export const selectChatError = (state: ChatRootState): string | null => state.chat.error;
