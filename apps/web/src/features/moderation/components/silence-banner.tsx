import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { exactTime } from '../../../lib/format';
import { useAppSelector } from '../../../lib/hooks';
import { selectProfile } from '../../users';

/** setTimeout's longest delay; a later end is checked again after this long. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Tells a silenced member, on every page, until when and why they cannot write. Not
 * dismissible: it goes by itself when the silence ends (or with the next profile load once
 * staff lift it).
 */
export function SilenceBanner() {
  const silence = useAppSelector(selectProfile)?.silence ?? null;
  const [now, setNow] = useState(() => Date.now());
  const end = silence ? new Date(silence.until).getTime() : 0;

  useEffect(() => {
    if (end <= now) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(end - now, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [end, now]);

  if (!silence || end <= now) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      Staff have silenced your account until{' '}
      <time dateTime={silence.until}>{exactTime(silence.until)}</time>. You can read, but not post,
      comment, chat, upload or change your profile. Reason: {silence.reason}
    </Alert>
  );
}
