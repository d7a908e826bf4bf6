import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/load-more-list';
import { formatBytes } from '../../../lib/format';
import { apiFailure } from '../../auth';
import { useGetUploadUsageQuery } from '../files-api';

/** Past these shares of the quota the bar turns amber, then red. */
const WARNING_SHARE = 0.8;
const FULL_SHARE = 0.95;

/** The member's storage used against their quota, as words and a bar. */
export function StorageUsage() {
  const { data: usage, error, isLoading, refetch } = useGetUploadUsageQuery(undefined);

  if (isLoading) {
    return (
      <Box aria-hidden>
        <Skeleton width="50%" />
        <Skeleton variant="rounded" height={10} sx={{ my: 1 }} />
        <Skeleton width="30%" />
      </Box>
    );
  }
  if (!usage) {
    return (
      <RetryAlert onRetry={refetch}>
        {error ? apiFailure(error).message : 'Your storage could not be loaded.'}
      </RetryAlert>
    );
  }

  const share = Math.min(1, usage.usedBytes / usage.limitBytes);
  const color = share >= FULL_SHARE ? 'error' : share >= WARNING_SHARE ? 'warning' : 'primary';
  const percent = Math.round(share * 100);
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        {formatBytes(usage.usedBytes)} of {formatBytes(usage.limitBytes)} used
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share * 100}
        color={color}
        aria-label="Storage used"
        aria-valuetext={`${percent}% used`}
        sx={{ height: 10, borderRadius: 5, my: 1.25 }}
      />
      <Typography variant="body2" color={color === 'primary' ? 'text.secondary' : `${color}.main`}>
        {formatBytes(usage.leftBytes)} left
        {share >= FULL_SHARE && ': delete files or pictures you no longer need to upload more.'}
      </Typography>
    </Box>
  );
}
