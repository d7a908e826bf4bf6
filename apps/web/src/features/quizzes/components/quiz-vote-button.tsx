import type { Quiz } from '@agora/shared';
import Button from '@mui/material/Button';
import ThumbUpAltOutlined from '@mui/icons-material/ThumbUpAltOutlined';
import ThumbUpAltRounded from '@mui/icons-material/ThumbUpAltRounded';
import { compactCount, plural } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useSignInGate } from '../../content';
import { useVoteQuizMutation } from '../quizzes-api';

/** The member's up-vote of a good quiz (a toggle), with the count; members only. */
export function QuizVoteButton({ quiz }: { quiz: Quiz }) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const [vote] = useVoteQuizMutation();

  const onClick = async () => {
    if (!signedIn('vote')) return;
    try {
      await vote(quiz.id).unwrap();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <Button
      size="small"
      variant={quiz.isVoted ? 'contained' : 'outlined'}
      aria-pressed={quiz.isVoted}
      title={plural(quiz.votesCount, 'up-vote')}
      disabled={quiz.status !== 'published'}
      startIcon={quiz.isVoted ? <ThumbUpAltRounded /> : <ThumbUpAltOutlined />}
      onClick={() => void onClick()}
    >
      {quiz.isVoted ? 'Up-voted' : 'Up-vote'} · {compactCount(quiz.votesCount)}
    </Button>
  );
}
