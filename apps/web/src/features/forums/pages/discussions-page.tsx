import ForumRounded from '@mui/icons-material/ForumRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function DiscussionsPage() {
  return (
    <ComingSoonPage
      title="Discussions"
      summary="Threads where members ask, answer and share what they know."
      icon={ForumRounded}
      headline="Discussions are arriving soon"
      guideAnchor="discussions"
    >
      Soon you will be able to start discussions, reply in Markdown, add tags, like helpful answers
      and bookmark the threads worth keeping.
    </ComingSoonPage>
  );
}
