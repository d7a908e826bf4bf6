import { useState } from 'react';
import { ALBUM_NAME_MAX_LENGTH, ZCreateAlbumFields } from '@agora/shared';
import { useNavigate, useSearchParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddRounded from '@mui/icons-material/AddRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { selectIsAuthenticated } from '../../auth';
import { SignInPrompt } from '../../content';
import { selectProfile } from '../../users';
import { useCreateAlbumMutation } from '../albums-api';
import type { AlbumListArgs } from '../albums-api';
import { AlbumGrid } from '../components/album-grid';
import { NameDialog } from '../components/name-dialog';

const SHOWN = ['all', 'mine', 'bookmarked'] as const;
type Shown = (typeof SHOWN)[number];

/** What each list says when it has nothing. */
const EMPTY: Record<Shown, { title: string; text: string }> = {
  all: { title: 'No albums yet', text: 'Nobody has shared an album yet. Be the first!' },
  mine: {
    title: 'You have no albums yet',
    text: 'Make an album, then add pictures to it: they are turned upright and their location data is removed.',
  },
  bookmarked: {
    title: 'No bookmarked albums',
    text: 'Bookmark an album from its page to find it here again.',
  },
};

/**
 * Albums at /albums: everyone's covers, the member's own (`?show=mine`) or bookmarked
 * (`?show=bookmarked`), and a new album.
 */
export default function AlbumsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const me = useAppSelector(selectProfile);
  const [params, setParams] = useSearchParams();
  const requested = SHOWN.find((value) => value === params.get('show')) ?? 'all';
  // Only a member has albums and bookmarks of their own.
  const shown: Shown = isAuthenticated ? requested : 'all';
  const [creating, setCreating] = useState(false);
  const [create] = useCreateAlbumMutation();

  const startAlbum = () => setCreating(true);
  const args = (): AlbumListArgs | null => {
    if (shown === 'mine') return me ? { author: me.username } : null;
    return shown === 'bookmarked' ? { bookmarked: true } : {};
  };

  return (
    <PageContainer title="Albums">
      <PageHeader
        title="Albums"
        action={
          isAuthenticated && (
            <Button
              variant="contained"
              size="large"
              startIcon={<AddRounded />}
              onClick={startAlbum}
            >
              New album
            </Button>
          )
        }
      >
        Photo albums from the community: trips, events, projects and everyday moments.
      </PageHeader>

      {isAuthenticated ? (
        <Tabs
          value={shown}
          onChange={(_event, value: Shown) =>
            setParams(value === 'all' ? {} : { show: value }, { replace: true })
          }
          aria-label="Which albums"
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
        >
          <Tab value="all" label="All albums" />
          <Tab value="mine" label="Your albums" />
          <Tab value="bookmarked" label="Bookmarked" />
        </Tabs>
      ) : (
        <Box sx={{ mb: 3 }}>
          <SignInPrompt title="Share your photos">
            Log in or sign up to make albums of your own, like them and comment.
          </SignInPrompt>
        </Box>
      )}

      {/* Keyed by list: each keeps its own cache entry and paging. */}
      <AlbumGrid
        key={shown}
        args={args()}
        label={
          shown === 'mine' ? 'Your albums' : shown === 'bookmarked' ? 'Bookmarked albums' : 'Albums'
        }
        showAuthor={shown !== 'mine'}
        empty={
          <EmptyState
            icon={PhotoLibraryRounded}
            title={EMPTY[shown].title}
            actions={
              isAuthenticated && shown !== 'bookmarked' ? (
                <Button variant="contained" startIcon={<AddRounded />} onClick={startAlbum}>
                  Create an album
                </Button>
              ) : undefined
            }
          >
            {EMPTY[shown].text}
          </EmptyState>
        }
      />

      <NameDialog
        open={creating}
        purpose="create-album"
        label="Album name"
        schema={ZCreateAlbumFields}
        maxLength={ALBUM_NAME_MAX_LENGTH}
        title="New album"
        intro="Name the album; you add its pictures next."
        submitLabel="Create album"
        onSave={async (name) => {
          const album = await create({ name }).unwrap();
          toast.success('Album created. Add pictures to it.');
          void navigate(`/albums/${album.id}`);
        }}
        onClose={() => setCreating(false)}
      />
    </PageContainer>
  );
}
