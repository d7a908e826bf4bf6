import ChatRounded from '@mui/icons-material/ChatRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function ChatPage() {
  return (
    <ComingSoonPage
      title="Chat"
      summary="Private one-to-one conversations with other members."
      icon={ChatRounded}
      headline="Chat is arriving soon"
      guideAnchor="chat"
    >
      Soon you will be able to message any member privately, get replies live and block anyone who
      bothers you.
    </ComingSoonPage>
  );
}
