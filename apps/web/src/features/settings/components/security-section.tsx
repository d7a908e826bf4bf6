import { useState } from 'react';
import type { PrivateUser } from '@agora/shared';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { toggleTwoFactor } from '../../auth';
import { apiFailure } from '../../auth';
import { fetchProfile, useToggleNotificationsMutation } from '../../users';
import { SettingsSection } from './settings-section';

interface ToggleRowProps {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  busy: boolean;
  onChange: () => void;
}

function ToggleRow({ id, title, description, checked, busy, onChange }: ToggleRowProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={`${id}-label`} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography id={`${id}-description`} variant="body2" color="textSecondary">
          {description}
        </Typography>
      </Box>
      <Switch
        checked={checked}
        disabled={busy}
        onChange={onChange}
        slotProps={{
          input: {
            'aria-labelledby': `${id}-label`,
            'aria-describedby': `${id}-description`,
          },
        }}
      />
    </Box>
  );
}

/** Two-factor sign-in and notifications. */
export function SecuritySection({ profile }: { profile: PrivateUser }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [twoFaBusy, setTwoFaBusy] = useState(false);
  const [toggleNotifications, notifications] = useToggleNotificationsMutation();

  const flipTwoFactor = async () => {
    setTwoFaBusy(true);
    const result = await dispatch(toggleTwoFactor());
    setTwoFaBusy(false);
    if (toggleTwoFactor.fulfilled.match(result)) {
      toast.success(
        result.payload.isTwoFaOn
          ? 'Two-factor sign-in is on: each login now finishes from a link we email you.'
          : 'Two-factor sign-in is off.',
      );
    } else {
      toast.error(result.payload ?? 'Two-factor sign-in could not be changed.');
    }
  };

  const flipNotifications = async () => {
    try {
      const answer = await toggleNotifications(!profile.notificationsOn).unwrap();
      toast.success(answer.notificationsOn ? 'Notifications are on.' : 'Notifications are off.');
      void dispatch(fetchProfile());
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <SettingsSection title="Security and notifications">
      <ToggleRow
        id="two-factor"
        title="Two-factor sign-in"
        description={`After your password, finish each login from a link we email to ${profile.email}.`}
        checked={profile.isTwoFaOn}
        busy={twoFaBusy}
        onChange={() => void flipTwoFactor()}
      />
      <Divider />
      <ToggleRow
        id="notifications"
        title="Notifications"
        description="Hear about replies, likes and messages while you are away."
        checked={profile.notificationsOn}
        busy={notifications.isLoading}
        onChange={() => void flipNotifications()}
      />
    </SettingsSection>
  );
}
