import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetQuizRecordQuery } from '../quizzes-api';

interface QuizRecordCardProps {
  /** Not known yet (the viewer's profile is loading): the card holds its place, loading. */
  username: string | undefined;
  /** "Quiz record" on a profile, "Your quiz record" beside the feed. */
  title: string;
}

/** One figure of the record: a term and its value, the value shown above. */
function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
        {note && ` · ${note}`}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontSize: '1.5rem',
          fontWeight: 700,
          lineHeight: 1.2,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A member's quiz record: answered, correct, current and best streak. */
export function QuizRecordCard({ username, title }: QuizRecordCardProps) {
  const { data: record, isLoading, isError } = useGetQuizRecordQuery(username ?? skipToken);
  const loading = isLoading || username === undefined;
  const titleId = `quiz-record-${username ?? 'viewer'}`;
  const percent =
    record && record.answered > 0
      ? `${Math.round((record.correct / record.answered) * 100)}%`
      : undefined;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {loading ? (
        <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} variant="rounded" height={48} />
          ))}
        </Box>
      ) : isError || !record ? (
        <Typography variant="body2" color="textSecondary">
          The quiz record could not be loaded.
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            // Four across where there is room (a profile), two in a side panel or on a phone.
            gridTemplateColumns: 'repeat(auto-fit, minmax(112px, 1fr))',
            gap: 2,
          }}
        >
          <Stat label="Answered" value={record.answered.toLocaleString()} />
          <Stat label="Correct" value={record.correct.toLocaleString()} note={percent} />
          <Stat label="Current streak" value={record.currentStreak.toLocaleString()} />
          <Stat label="Best streak" value={record.bestStreak.toLocaleString()} />
        </Box>
      )}
    </Paper>
  );
}
