import { useState } from 'react';
import type { SessionHistoryItem } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LaptopRounded from '@mui/icons-material/LaptopRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure, logoutAll, useGetSessionsQuery, useRevokeSessionMutation } from '../../auth';
import { SettingsSection } from './settings-section';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function isPhone(session: SessionHistoryItem): boolean {
  return /mobile|phone|android|ios|tablet/i.test(`${session.device} ${session.os}`);
}

function SessionRow({ session }: { session: SessionHistoryItem }) {
  const toast = useToast();
  const [revoke, { isLoading }] = useRevokeSessionMutation();
  const Icon = isPhone(session) ? SmartphoneRounded : LaptopRounded;
  const title = `${session.browser || 'Unknown browser'} on ${session.os || 'an unknown system'}`;

  const onRevoke = async () => {
    try {
      await revoke(session.id).unwrap();
      toast.success(`Signed out ${title}.`);
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <ListItem
      divider
      aria-label={title}
      sx={{
        px: 0,
        py: 2,
        gap: 2,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Box
        sx={{
          width: 44,
          height: 44,
          borderRadius: '12px',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
        }}
      >
        <Icon color={session.current ? 'primary' : 'action'} />
      </Box>
      {/* On phones the text takes the row and the button drops below it. */}
      <Box sx={{ flex: { xs: '1 1 calc(100% - 64px)', sm: 1 }, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          {session.current && <Chip label="This device" size="small" color="primary" />}
        </Box>
        <Typography variant="body2" color="textSecondary">
          {session.device || 'Unknown device'} · IP {session.ip}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Last seen {when.format(new Date(session.lastSeenAt))} · signed in{' '}
          {when.format(new Date(session.createdAt))}
        </Typography>
      </Box>
      {!session.current && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          loading={isLoading}
          onClick={() => void onRevoke()}
          aria-label={`Revoke ${title}`}
          sx={{ flexShrink: 0, ml: { xs: 7.5, sm: 0 } }}
        >
          Revoke
        </Button>
      )}
    </ListItem>
  );
}

/** Where the account is signed in, with a way to end any of those sessions. */
export function SessionsSection() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { data, error, isLoading } = useGetSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [endingAll, setEndingAll] = useState(false);

  const logOutEverywhere = async () => {
    setEndingAll(true);
    const result = await dispatch(logoutAll());
    setEndingAll(false);
    if (logoutAll.fulfilled.match(result)) {
      dispatch(api.util.resetApiState());
      toast.success('You are logged out on every device.');
    } else {
      toast.error(result.payload ?? 'Logging out everywhere failed. Try again.');
    }
  };

  return (
    <SettingsSection
      title="Sessions"
      description="Devices signed in to your account. Revoke any you do not recognise."
      action={
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutRounded />}
          loading={endingAll}
          onClick={() => void logOutEverywhere()}
        >
          Log out everywhere
        </Button>
      }
    >
      {isLoading && (
        <Box>
          {[0, 1].map((n) => (
            <Box key={n} sx={{ display: 'flex', gap: 2, py: 2 }}>
              <Skeleton variant="rounded" width={44} height={44} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="70%" />
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {error && <Alert severity="error">{apiFailure(error).message}</Alert>}
      {data && (
        <List disablePadding aria-label="Sessions">
          {data.results.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </List>
      )}
    </SettingsSection>
  );
}
