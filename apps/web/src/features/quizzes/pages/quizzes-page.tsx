import QuizRounded from '@mui/icons-material/QuizRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function QuizzesPage() {
  return (
    <ComingSoonPage
      title="Quizzes"
      summary="Test what you know, and find out what others know."
      icon={QuizRounded}
      headline="Quizzes are arriving soon"
      guideAnchor="polls-quizzes"
    >
      Soon you will be able to create quizzes, answer them, see whether you were right and talk it
      over in the comments.
    </ComingSoonPage>
  );
}
