import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import { Link as RouterLink } from '../../../lib/router';
import { EmptyState } from '../../../components/empty-state';
import { AlbumGrid } from './album-grid';

interface MemberAlbumsProps {
  username: string;
  /** The member's display name. */
  name: string;
  isMe: boolean;
}

/** A member's albums as a grid of covers, for their profile. */
export function MemberAlbums({ username, name, isMe }: MemberAlbumsProps) {
  return (
    <AlbumGrid
      args={{ author: username }}
      label={`${name}'s albums`}
      showAuthor={false}
      empty={
        <EmptyState
          icon={PhotoLibraryRounded}
          title="No albums yet"
          actions={
            isMe ? (
              <Button
                component={RouterLink}
                to="/albums?show=mine"
                variant="contained"
                startIcon={<AddRounded />}
              >
                Create an album
              </Button>
            ) : undefined
          }
        >
          {isMe
            ? 'Your albums will be shown here for everyone to see.'
            : `${name} has no albums yet.`}
        </EmptyState>
      }
    />
  );
}
