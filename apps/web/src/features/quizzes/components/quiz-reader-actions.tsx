import type { Quiz } from '@agora/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  BookmarkButton,
  LikeButton,
  ReportButton,
  useSetContentBookmarkMutation,
  useToggleContentLikeMutation,
} from '../../content';
import { FeatureButton } from '../../moderation';

/** Like, bookmark and report, through the content kernel's generic endpoints; feature for staff. */
export function QuizReaderActions({ quiz }: { quiz: Quiz }) {
  const [like] = useToggleContentLikeMutation();
  const [bookmark] = useSetContentBookmarkMutation();
  const open = quiz.status === 'published';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <LikeButton
        model="quiz"
        liked={quiz.isLiked}
        count={quiz.likesCount}
        disabled={!open}
        onToggle={() => like({ model: 'quiz', id: quiz.id }).unwrap()}
      />
      <BookmarkButton
        bookmarked={quiz.isBookmarked}
        disabled={!open && !quiz.isBookmarked}
        onToggle={() =>
          bookmark({ model: 'quiz', id: quiz.id, bookmarked: !quiz.isBookmarked }).unwrap()
        }
      />
      <FeatureButton model="quiz" id={quiz.id} />
      <Box sx={{ flex: 1 }} />
      <ReportButton model="quiz" id={quiz.id} />
    </Stack>
  );
}
