import PollRounded from '@mui/icons-material/PollRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function PollsPage() {
  return (
    <ComingSoonPage
      title="Polls"
      summary="Ask the community a question and see how it answers."
      icon={PollRounded}
      headline="Polls are arriving soon"
      guideAnchor="polls-quizzes"
    >
      Soon you will be able to create polls, vote once on each and discuss the results in the
      comments.
    </ComingSoonPage>
  );
}
