import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import { CONTENT_STATUS_LABELS } from '@agora/shared';
import type { Quiz } from '@agora/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { Avatar } from '../../../components/avatar';
import { MemberLink } from '../../../components/member-link';
import { CountStat } from '../../../components/count-stat';
import { StaffBadge } from '../../../components/staff-badge';
import { RelativeTime } from '../../../components/relative-time';
import { compactCount, exactTime, plural } from '../../../lib/format';
import { useAppSelector } from '../../../lib/hooks';
import { selectProfile } from '../../users';
import { closingLabel, limitLabel, useNow } from '../quiz-clock';
import { QuizPlay } from './quiz-play';
import { QuizVoteButton } from './quiz-vote-button';

interface QuizCardProps {
  quiz: Quiz;
  /** `feed`: the question links to the quiz's page; `page`: the question is the page's title. */
  variant?: 'feed' | 'page';
  /** The author's edit and delete, beside the header (page only). */
  authorTools?: ReactNode;
  /** Like, bookmark and report, under the quiz (page only). */
  actions?: ReactNode;
}

const STATUS_COLORS = { draft: 'info', archived: 'default', hidden: 'warning' } as const;

/** How the quiz is played: "choose all that apply", its time limit, its closing time. */
function RuleChips({ quiz }: { quiz: Quiz }) {
  const now = useNow(quiz.closesAt !== null && !quiz.isClosed, 30_000);
  const closing = closingLabel(quiz.closesAt, quiz.isClosed, now);
  return (
    <>
      {quiz.status !== 'published' && (
        <Chip
          size="small"
          label={CONTENT_STATUS_LABELS[quiz.status]}
          color={STATUS_COLORS[quiz.status]}
          sx={{ fontWeight: 600 }}
        />
      )}
      {quiz.multiple && (
        <Chip
          size="small"
          variant="outlined"
          icon={<ChecklistRounded />}
          label="Choose all that apply"
        />
      )}
      {quiz.timeLimitSeconds !== null && (
        <Chip
          size="small"
          variant="outlined"
          icon={<TimerOutlined />}
          label={limitLabel(quiz.timeLimitSeconds)}
          aria-label={`Time limit: ${limitLabel(quiz.timeLimitSeconds)}`}
        />
      )}
      {closing && (
        <Chip
          size="small"
          variant="outlined"
          color={closing === 'Closed' ? 'default' : 'secondary'}
          icon={<ScheduleRounded />}
          label={closing}
          title={quiz.closesAt ? exactTime(quiz.closesAt) : undefined}
        />
      )}
    </>
  );
}

/**
 * A quiz: who asked and when, the question, its rules and tags, the answers to play (or the
 * verdict), the up-vote and the counts. The same card in the feed and on the quiz's page.
 */
export function QuizCard({ quiz, variant = 'feed', authorTools, actions }: QuizCardProps) {
  const me = useAppSelector(selectProfile);
  const isAuthor = me?.id === quiz.author.id;
  const questionId = `quiz-${quiz.id}-question`;
  const page = variant === 'page';
  const iconSx = { fontSize: 18 };

  return (
    <Card
      component="article"
      aria-labelledby={questionId}
      sx={{
        p: page ? { xs: 2.5, sm: 4 } : { xs: 2, sm: 2.5 },
        borderRadius: page ? '20px' : undefined,
      }}
    >
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Avatar name={quiz.author.username} src={quiz.author.avatar} size={page ? 36 : 28} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            <MemberLink username={quiz.author.username} />
            <StaffBadge role={quiz.author.role} />{' '}
            <Typography component="span" variant="body2" color="textSecondary">
              · <RelativeTime iso={quiz.createdAt} />
              {quiz.editedAt && ' · edited'}
            </Typography>
          </Typography>
        </Box>
        {authorTools}
      </Stack>

      <Typography
        id={questionId}
        variant={page ? 'h1' : 'h4'}
        // In a feed the page's h1 names the list: each quiz is a section under it.
        component={page ? 'h1' : 'h2'}
        sx={{
          fontSize: page ? { xs: '1.5rem', sm: '1.9rem' } : { xs: '1.1rem', sm: '1.2rem' },
          lineHeight: 1.35,
          overflowWrap: 'anywhere',
        }}
      >
        {page ? (
          quiz.question
        ) : (
          <Link
            component={RouterLink}
            to={`/quizzes/${quiz.id}`}
            color="inherit"
            underline="hover"
            sx={{ fontWeight: 'inherit' }}
          >
            {quiz.question}
          </Link>
        )}
      </Typography>

      <Stack direction="row" sx={{ mt: 1.25, mb: 2, flexWrap: 'wrap', gap: 0.75 }}>
        <RuleChips quiz={quiz} />
        {quiz.tags.map((tag) => (
          <Chip
            key={tag}
            component={RouterLink}
            to={`/quizzes?tag=${encodeURIComponent(tag)}`}
            clickable
            size="small"
            label={`#${tag}`}
            sx={{ fontWeight: 500, bgcolor: 'action.hover' }}
          />
        ))}
      </Stack>

      <QuizPlay quiz={quiz} isAuthor={isAuthor} questionId={questionId} />

      <Stack
        direction="row"
        sx={{ mt: 2.5, alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
      >
        <QuizVoteButton quiz={quiz} />
        <Stack direction="row" spacing={2} sx={{ ml: 'auto', alignItems: 'center' }}>
          <CountStat
            icon={<HowToRegOutlined sx={iconSx} />}
            label={`${plural(quiz.attemptsCount, 'member')} answered`}
            value={compactCount(quiz.attemptsCount)}
          />
          {/* On the quiz's page the Like button and the comments' heading carry these counts. */}
          {!page && (
            <>
              <CountStat
                icon={
                  quiz.isLiked ? (
                    <FavoriteRounded sx={iconSx} color="error" />
                  ) : (
                    <FavoriteBorderRounded sx={iconSx} />
                  )
                }
                label={plural(quiz.likesCount, 'like')}
                value={compactCount(quiz.likesCount)}
              />
              <Link
                component={RouterLink}
                to={`/quizzes/${quiz.id}#comments`}
                aria-label={`${plural(quiz.commentsCount, 'comment')}: open the discussion`}
                underline="none"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.5,
                  color: 'text.secondary',
                }}
              >
                <ChatBubbleOutlineRounded sx={iconSx} />
                <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                  {compactCount(quiz.commentsCount)}
                </Typography>
              </Link>
            </>
          )}
        </Stack>
      </Stack>
      {actions && (
        <Box sx={{ mt: 2.5, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>{actions}</Box>
      )}
    </Card>
  );
}

/** The shape of a card while the list loads. */
export function QuizCardSkeleton() {
  return (
    <Card aria-hidden sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Skeleton variant="circular" width={28} height={28} />
        <Skeleton width={140} />
      </Stack>
      <Skeleton width="75%" height={30} />
      <Stack spacing={1} sx={{ mt: 2 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={48} sx={{ borderRadius: '12px' }} />
        ))}
      </Stack>
      <Skeleton variant="rounded" width={110} height={30} sx={{ mt: 2, borderRadius: '16px' }} />
    </Card>
  );
}
