import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_MAX_BYTES, BIO_MAX_LENGTH, ZProfileUpdate } from '@agora/shared';
import type { PrivateUser, ProfileUpdate } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { bindField } from '../../auth';
import { CountryField } from '../../common';
import { UserAvatar, updateProfile } from '../../users';
import { SettingsSection } from './settings-section';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Name, bio, country and picture, saved together as form data. */
export function ProfileSection({ profile }: { profile: PrivateUser }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(ZProfileUpdate),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      bio: profile.bio,
      country: profile.country ?? '',
    },
  });

  // Each preview URL is released when it is replaced or the section goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      setProblem('Choose a PNG, JPEG or WebP image.');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem('Choose an image of at most 5 MB.');
      return;
    }
    setProblem(null);
    setAvatar(file);
    setPreview(URL.createObjectURL(file));
  };

  const onSubmit = form.handleSubmit(async (changes) => {
    setProblem(null);
    const result = await dispatch(
      updateProfile({ ...changes, country: changes.country || null, ...(avatar && { avatar }) }),
    );
    if (updateProfile.fulfilled.match(result)) {
      toast.success('Your profile is saved.');
      setAvatar(null);
      setPreview(null);
      form.reset({
        firstName: result.payload.firstName,
        lastName: result.payload.lastName,
        bio: result.payload.bio,
        country: result.payload.country ?? '',
      });
    } else {
      setProblem(result.payload ?? 'Your profile could not be saved.');
    }
  });

  const bio = useWatch({ control: form.control, name: 'bio' });

  return (
    <SettingsSection title="Profile" description="What other members see on your profile page.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={3}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
            <UserAvatar user={profile} src={preview ?? profile.avatar} size={88} />
            <Box>
              <input
                ref={fileInput}
                type="file"
                accept={AVATAR_TYPES.join(',')}
                hidden
                aria-label="Profile picture file"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Button
                variant="outlined"
                startIcon={<PhotoCameraRounded />}
                onClick={() => fileInput.current?.click()}
              >
                {profile.avatar || preview ? 'Change picture' : 'Upload picture'}
              </Button>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                {avatar
                  ? `${avatar.name}: saved when you save your profile.`
                  : 'PNG, JPEG or WebP, up to 5 MB.'}
              </Typography>
            </Box>
          </Box>
          <Box
            sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            <TextField
              label="First name"
              autoComplete="given-name"
              {...bindField(form, 'firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              {...bindField(form, 'lastName')}
            />
          </Box>
          <TextField
            label="Bio"
            multiline
            minRows={3}
            {...bindField(form, 'bio', `${bio.length}/${BIO_MAX_LENGTH}`)}
          />
          <CountryField control={form.control} name="country" />
          <Box>
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              disabled={!form.formState.isDirty && !avatar}
            >
              Save profile
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
