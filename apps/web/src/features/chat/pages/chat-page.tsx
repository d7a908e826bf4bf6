import { Link as RouterLink } from '../../../lib/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChatRounded from '@mui/icons-material/ChatRounded';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import type { ChatListEntry } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { EmptyState } from '../../../components/empty-state';
import { ContentLoading } from '../../../components/content-loading';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { readRefreshToken } from '../../../lib/cookies';
import { usePageLayout } from '../../../lib/page-layout';
import {
  loginPathFor,
  selectAuthLoading,
  selectAuthToken,
  selectIsAuthenticated,
} from '../../auth';
import {
  chatSelected,
  selectChatConnection,
  selectionCleared,
  selectSelectedChatUser,
} from '../chat-slice';
import { retryChatSocket, viewerIdOf } from '../chat-socket';
import { ChatListPanel } from '../components/chat-list-panel';
import { ConversationView } from '../components/conversation-view';

/** Shown once the chat socket stopped reconnecting (SPEC §4: after 10 tries). */
function ConnectionBanner() {
  const connection = useAppSelector(selectChatConnection);
  if (connection.state !== 'disconnected') return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={retryChatSocket}>
          Retry
        </Button>
      }
    >
      Disconnected — retry to get new messages live.
    </Alert>
  );
}

function Chat() {
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const selected = useAppSelector(selectSelectedChatUser);
  const viewerId = useAppSelector((state) => viewerIdOf(selectAuthToken(state)));

  const onSelect = (entry: ChatListEntry) => {
    dispatch(
      chatSelected({
        chatId: entry.chatId,
        userId: entry.userId[0] ?? entry.chatmessage.sender,
        displayName: entry.displayName,
        chatProfile: entry.chatProfile,
      }),
    );
  };

  const list = <ChatListPanel viewerId={viewerId} onSelect={onSelect} />;
  const conversation = selected ? (
    <ConversationView
      key={selected.userId}
      selected={selected}
      viewerId={viewerId}
      onBack={phone ? () => dispatch(selectionCleared()) : undefined}
      focusOnOpen={!phone}
    />
  ) : (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 4,
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      <ForumOutlined sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h2" sx={{ fontSize: '1.25rem', color: 'text.primary' }}>
        Select a conversation
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 340 }}>
        Pick a conversation, or search for any member by name to start a new one.
      </Typography>
    </Box>
  );

  // On a phone an open conversation owns the screen: its header names the member, as the h1.
  const conversationOnly = phone && selected !== null;
  usePageLayout({ fillWindow: true, phoneSearch: !conversationOnly });

  return (
    <Container
      maxWidth="lg"
      disableGutters={conversationOnly}
      sx={{
        flex: 1,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        py: conversationOnly ? 0 : { xs: 1.5, md: 3 },
      }}
    >
      <title>Chat · Agora</title>
      {!conversationOnly && (
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, mb: { xs: 1, md: 2 } }}
        >
          Chat
        </Typography>
      )}
      <ConnectionBanner />
      <Paper
        variant="outlined"
        square={conversationOnly}
        sx={{
          flex: 1,
          minHeight: 0,
          borderRadius: conversationOnly ? 0 : { xs: '16px', md: '20px' },
          border: conversationOnly ? 0 : undefined,
          overflow: 'hidden',
          display: 'grid',
          gridTemplateRows: 'minmax(0, 1fr)',
          gridTemplateColumns: phone ? 'minmax(0, 1fr)' : { sm: '280px 1fr', md: '340px 1fr' },
        }}
      >
        {phone ? (
          conversationOnly ? (
            conversation
          ) : (
            list
          )
        ) : (
          <>
            <Box
              component="section"
              aria-label="Conversations"
              sx={{ borderRight: 1, borderColor: 'divider', minHeight: 0 }}
            >
              {list}
            </Box>
            <Box component="section" aria-label="Conversation" sx={{ minHeight: 0 }}>
              {conversation}
            </Box>
          </>
        )}
      </Paper>
    </Container>
  );
}

/** /chat: one-to-one conversations, live (SPEC §7 "Chat"). */
export default function ChatPage() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const authLoading = useAppSelector(selectAuthLoading);

  if (isAuthenticated) return <Chat />;
  // A reload with only the refresh cookie is being restored (SPEC §4 "refresh first").
  if (authLoading && readRefreshToken() !== undefined) return <ContentLoading />;
  return (
    <PageContainer title="Chat" maxWidth="md">
      <PageHeader title="Chat">Private one-to-one conversations with other members.</PageHeader>
      <EmptyState
        icon={ChatRounded}
        title="Log in to chat"
        actions={
          <>
            <Button component={RouterLink} to={loginPathFor('/chat')} variant="contained">
              Log in
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined">
              Sign up
            </Button>
          </>
        }
      >
        Message any member privately and get their replies live.
      </EmptyState>
    </PageContainer>
  );
}
