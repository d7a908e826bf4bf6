import { lazy, Suspense, useRef, useState } from 'react';
import type { Quiz, QuizAnswerResult, QuizReveal } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassBottomRounded from '@mui/icons-material/HourglassBottomRounded';
import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { useSignInGate } from '../../content';
import { closedBy, limitLabel, timeLeft, useNow } from '../quiz-clock';
import { useAnswerQuizMutation, useGetQuizRevealQuery, useStartQuizMutation } from '../quizzes-api';
import { AnswerChoices } from './answer-choices';
import { AnswerReveal } from './answer-reveal';
import { TimeBar } from './time-bar';

// Lists draw this card in place, and only an answered quiz shows its explanation: the Markdown
// renderer and sanitiser (27 KB gzipped) load then, not with /discussions or /quizzes.
const MarkdownView = lazy(() =>
  import('../../../components/markdown-view').then((module) => ({ default: module.MarkdownView })),
);

interface QuizPlayProps {
  quiz: Quiz;
  /** The viewer wrote the quiz: they see the correct answers and cannot answer. */
  isAuthor: boolean;
  /** The id of the question's element, which names the answers. */
  questionId: string;
}

/** "3 of 4 members got it right (75 %)", from the server's counts. */
function shareRight(quiz: Quiz): string {
  if (quiz.attemptsCount === 0) return 'Nobody has answered yet.';
  const percent = Math.round((quiz.correctCount / quiz.attemptsCount) * 100);
  const members = quiz.attemptsCount === 1 ? 'member' : 'members';
  return `${quiz.correctCount.toLocaleString()} of ${quiz.attemptsCount.toLocaleString()} ${members} got it right (${percent}%).`;
}

function Streak({ result }: { result: QuizAnswerResult }) {
  const { currentStreak, bestStreak } = result.record;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', color: currentStreak > 0 ? 'warning.dark' : 'text.secondary' }}
    >
      <LocalFireDepartmentRounded aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {currentStreak > 0
          ? `Your streak: ${currentStreak} correct in a row.`
          : 'Your streak starts again with your next correct answer.'}{' '}
        Best: {bestStreak}.
      </Typography>
    </Stack>
  );
}

/** The correct answers, the explanation and how the community did. */
function RevealPanel({
  quiz,
  reveal,
  isAuthor,
  result,
  questionId,
}: QuizPlayProps & { reveal: QuizReveal; result: QuizAnswerResult | null }) {
  const attempt = quiz.myAttempt;
  return (
    <Stack spacing={2}>
      {!attempt && (
        <Typography variant="body2" color="textSecondary">
          {isAuthor
            ? 'You wrote this quiz, so you see the correct answer. Members see it once they answer.'
            : 'This quiz is closed. Here is the correct answer.'}
        </Typography>
      )}
      <AnswerReveal
        answers={quiz.answers}
        reveal={reveal}
        chosen={attempt?.chosen ?? []}
        labelledBy={questionId}
      />
      {reveal.explanation.trim() && (
        <Paper
          variant="outlined"
          component="section"
          aria-label="Explanation"
          sx={{ borderRadius: '12px', p: 2, bgcolor: 'background.default' }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Explanation
          </Typography>
          <Suspense fallback={null}>
            <MarkdownView source={reveal.explanation} dense />
          </Suspense>
        </Paper>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: { xs: 1, sm: 3 }, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="textSecondary">
          {shareRight(quiz)}
        </Typography>
        {result && <Streak result={result} />}
      </Stack>
    </Stack>
  );
}

/**
 * Playing a quiz: Start for a timed one, the answers, the time bar, then the server's verdict.
 * Correctness comes only from the server (`reveal`, `myAttempt`, the answer's result); a status
 * region announces the verdict and "Time is up".
 */
export function QuizPlay({ quiz, isAuthor, questionId }: QuizPlayProps) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const statusRef = useRef<HTMLDivElement>(null);
  const [result, setResult] = useState<QuizAnswerResult | null>(null);
  const [start, starting] = useStartQuizMutation();
  const [answer, answering] = useAnswerQuizMutation();

  const attempt = quiz.myAttempt;
  const limit = quiz.timeLimitSeconds;
  const running = limit !== null && quiz.deadline !== null && attempt === null;
  const closingAhead = quiz.closesAt !== null && !quiz.isClosed;
  const now = useNow(running || closingAhead, running ? 250 : 15_000);
  const closed = closedBy(quiz.closesAt, quiz.isClosed, now);
  const left = running && quiz.deadline !== null ? timeLeft(quiz.deadline, limit, now) : null;
  const timeUp = left === 0;

  // A quiz that closed while on screen has no reveal in its record yet: ask for it.
  const closedHere = closed && !quiz.isClosed && quiz.reveal === null && attempt === null;
  const { data: fetchedReveal } = useGetQuizRevealQuery(quiz.id, { skip: !closedHere });
  const reveal = quiz.reveal ?? (closedHere ? fetchedReveal : undefined) ?? null;

  const focusStatus = () => requestAnimationFrame(() => statusRef.current?.focus());

  const onStart = async () => {
    if (!signedIn('answer')) return;
    try {
      await start(quiz.id).unwrap();
      focusStatus();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const onAnswer = async (ids: number[]) => {
    if (!signedIn('answer')) return;
    try {
      setResult(await answer({ quiz: quiz.id, answers: ids }).unwrap());
      focusStatus();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const status = () => {
    if (attempt) {
      return (
        <Alert
          severity={attempt.correct ? 'success' : 'error'}
          variant="filled"
          sx={{ fontWeight: 600 }}
        >
          {attempt.correct ? 'Correct! Well done.' : 'Not quite. See the correct answer below.'}
        </Alert>
      );
    }
    if (timeUp && !reveal) {
      return (
        <Alert severity="warning" icon={<HourglassBottomRounded />} sx={{ fontWeight: 600 }}>
          Time is up. Answers after the time limit do not count.
        </Alert>
      );
    }
    return null;
  };

  const body = () => {
    if (reveal) {
      return (
        <RevealPanel
          quiz={quiz}
          reveal={reveal}
          isAuthor={isAuthor}
          result={result}
          questionId={questionId}
        />
      );
    }
    if (attempt) return null;
    if (closed) {
      return (
        <Typography color="textSecondary">
          This quiz is closed and no longer takes answers.
        </Typography>
      );
    }
    if (quiz.answersHidden && limit !== null) {
      return (
        <Paper
          variant="outlined"
          sx={{
            borderRadius: '12px',
            borderStyle: 'dashed',
            p: { xs: 2, sm: 2.5 },
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            gap: 2,
          }}
        >
          <Typography color="textSecondary" sx={{ flex: 1 }}>
            You have {limitLabel(limit)} to answer. The answers appear, and the clock starts, when
            you press Start.
          </Typography>
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrowRounded />}
            disabled={starting.isLoading}
            onClick={() => void onStart()}
            sx={{ flexShrink: 0 }}
          >
            Start ({limitLabel(limit)})
          </Button>
        </Paper>
      );
    }
    return (
      <Stack spacing={2}>
        {left !== null && limit !== null && !timeUp && (
          <TimeBar leftMs={left} limitSeconds={limit} />
        )}
        <AnswerChoices
          answers={quiz.answers}
          multiple={quiz.multiple}
          disabled={timeUp || answering.isLoading || quiz.status !== 'published'}
          labelledBy={questionId}
          onAnswer={(ids) => void onAnswer(ids)}
        />
      </Stack>
    );
  };

  const announcement = status();
  return (
    <Box>
      {/* Always present, so screen readers announce the verdict and "Time is up" as they come. */}
      <Box ref={statusRef} role="status" tabIndex={-1} sx={{ outline: 'none' }}>
        {announcement && <Box sx={{ mb: 2 }}>{announcement}</Box>}
      </Box>
      {body()}
    </Box>
  );
}
