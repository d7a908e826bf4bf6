import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from '../../../lib/router';
import {
  ALBUM_NAME_MAX_LENGTH,
  FILE_NAME_MAX_LENGTH,
  ZCreateAlbumFields,
  ZUpdateAlbumImage,
} from '@agora/shared';
import type { Album, AlbumImage } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ImageLightbox } from '../../../components/image-lightbox';
import type { LightboxImage } from '../../../components/image-lightbox';
import { ObjectLoadFailure } from '../../../components/object-load-failure';
import { PageContainer } from '../../../components/page-container';
import { exactTime, plural, timeAgo } from '../../../lib/format';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import {
  BookmarkButton,
  ContentComments,
  LikeButton,
  ReportButton,
  useToggleContentLikeMutation,
} from '../../content';
import { displayFileName } from '../../files';
import {
  useDeleteAlbumImageMutation,
  useDeleteAlbumMutation,
  useGetAlbumQuery,
  useRenameAlbumImageMutation,
  useSetAlbumBookmarkMutation,
  useUpdateAlbumMutation,
} from '../albums-api';
import { AlbumImageTile } from '../components/album-image-tile';
import { NameDialog } from '../components/name-dialog';
import { AlbumUploader } from '../components/album-uploader';

const GRID_SX = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(5, minmax(0, 1fr))',
  },
  gap: { xs: 1, sm: 1.5 },
  m: 0,
  p: 0,
} as const;

function BackLink() {
  return (
    <Button
      component={RouterLink}
      to="/albums"
      startIcon={<ArrowBackRounded />}
      sx={{ mb: 2, ml: -1 }}
    >
      All albums
    </Button>
  );
}

function LoadingAlbum() {
  return (
    <Box aria-hidden>
      <Skeleton width="50%" height={56} />
      <Skeleton width="30%" sx={{ mb: 3 }} />
      <Box sx={GRID_SX}>
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton
            key={key}
            variant="rounded"
            sx={{ aspectRatio: '1 / 1', height: 'auto', borderRadius: '12px' }}
          />
        ))}
      </Box>
    </Box>
  );
}

const toLightbox = (image: AlbumImage): LightboxImage => ({
  id: image.id,
  src: image.thumbnails.large.url,
  title: displayFileName(image.name),
  blurhash: image.blurhash,
  width: image.thumbnails.large.width,
  height: image.thumbnails.large.height,
});

/** The album's own page once loaded: its pictures, the author's tools, reactions, comments. */
function AlbumView({ album }: { album: Album }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState<number | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deletingAlbum, setDeletingAlbum] = useState(false);
  const [deletingImage, setDeletingImage] = useState<AlbumImage | null>(null);
  const [renamingImage, setRenamingImage] = useState<AlbumImage | null>(null);
  const [renameImage] = useRenameAlbumImageMutation();
  const [update] = useUpdateAlbumMutation();
  const [removeAlbum, removingAlbum] = useDeleteAlbumMutation();
  const [removeImage, removingImage] = useDeleteAlbumImageMutation();
  const [like] = useToggleContentLikeMutation();
  const [bookmark] = useSetAlbumBookmarkMutation();
  const images = useMemo(() => album.images.map(toLightbox), [album.images]);
  const shown = open === null ? null : Math.min(open, images.length - 1);

  const makeCover = async (id: number) => {
    try {
      await update({ id: album.id, changes: { thumbnail: id } }).unwrap();
      toast.success('Thumbnail changed.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const deleteAlbum = async () => {
    try {
      await removeAlbum(album.id).unwrap();
      toast.success(`Deleted the album ${album.name}.`);
      void navigate('/albums?show=mine', { replace: true });
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const deleteImage = async (image: AlbumImage) => {
    try {
      await removeImage({ id: image.id, album: album.id }).unwrap();
      setDeletingImage(null);
      if (images.length <= 1) setOpen(null);
      toast.success('Picture deleted.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const findImage = (id: number) => album.images.find((image) => image.id === id);

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}
          >
            {album.name}
          </Typography>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              mt: 1,
              flexWrap: 'wrap',
              color: 'text.secondary',
            }}
          >
            <Avatar
              name={album.author.username}
              src={album.author.avatar}
              size={28}
              style={{ fontSize: 12 }}
            />
            <Link
              component={RouterLink}
              to={`/user-info/${encodeURIComponent(album.author.username)}`}
              underline="hover"
              sx={{ fontWeight: 600 }}
            >
              @{album.author.username}
            </Link>
            <Typography variant="body2" component="span">
              {/* On a phone the counts wrap under the author, with nothing to separate. */}
              <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
                ·{' '}
              </Box>
              {plural(album.imagesCount, 'picture')} ·{' '}
              <time dateTime={album.createdAt} title={exactTime(album.createdAt)}>
                {timeAgo(album.createdAt)}
              </time>
            </Typography>
          </Box>
        </Box>
        {album.canEdit && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              variant="outlined"
              startIcon={<EditRounded />}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={() => setDeletingAlbum(true)}
            >
              Delete album
            </Button>
          </Stack>
        )}
      </Box>

      <Stack spacing={3}>
        {album.isHidden && (
          <Alert severity="warning">
            This album is hidden from members; only its author and staff see it.
          </Alert>
        )}
        {album.canEdit && <AlbumUploader albumId={album.id} />}

        {album.images.length === 0 ? (
          <EmptyState icon={PhotoLibraryRounded} title="No pictures yet">
            {album.canEdit
              ? 'Add pictures above: choose them or drop them on the area.'
              : 'This album has no pictures yet.'}
          </EmptyState>
        ) : (
          <Box component="ul" aria-label="Pictures" sx={GRID_SX}>
            {album.images.map((image, index) => (
              <AlbumImageTile
                key={image.id}
                image={image}
                isCover={album.thumbnail === image.id}
                canEdit={album.canEdit}
                onOpen={() => setOpen(index)}
                onMakeCover={() => void makeCover(image.id)}
                onRename={() => setRenamingImage(image)}
                onDelete={() => setDeletingImage(image)}
              />
            ))}
          </Box>
        )}

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <LikeButton
            model="album"
            liked={album.isLiked}
            count={album.likesCount}
            onToggle={() => like({ model: 'album', id: album.id }).unwrap()}
          />
          <BookmarkButton
            bookmarked={album.isBookmarked}
            onToggle={() => bookmark({ id: album.id, bookmarked: !album.isBookmarked }).unwrap()}
            foundUnder="Albums, in the Bookmarked tab"
          />
          <Box sx={{ flex: 1 }} />
          {!album.canEdit && <ReportButton model="album" id={album.id} />}
        </Box>
        <ContentComments model="album" id={album.id} total={album.commentsCount} open />
      </Stack>

      <ImageLightbox
        images={images}
        index={shown}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        actions={(image) => {
          const picture = findImage(image.id);
          return (
            <>
              {picture && (
                <Tooltip title="Download the original">
                  <IconButton
                    component="a"
                    href={picture.url}
                    download={image.title}
                    aria-label={`Download ${image.title}`}
                  >
                    <DownloadRounded />
                  </IconButton>
                </Tooltip>
              )}
              {album.canEdit && picture && (
                <>
                  <Tooltip title="Use as thumbnail">
                    <span>
                      <IconButton
                        aria-label="Use as thumbnail"
                        aria-pressed={album.thumbnail === image.id}
                        disabled={album.thumbnail === image.id}
                        onClick={() => void makeCover(image.id)}
                        sx={{ '&.Mui-disabled': { color: 'warning.light' } }}
                      >
                        {album.thumbnail === image.id ? <StarRounded /> : <StarOutlineRounded />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Delete picture">
                    <IconButton
                      aria-label={`Delete ${image.title}`}
                      onClick={() => setDeletingImage(picture)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </>
          );
        }}
      />

      <NameDialog
        open={renaming}
        purpose={`rename-album-${album.id}`}
        label="Album name"
        schema={ZCreateAlbumFields}
        maxLength={ALBUM_NAME_MAX_LENGTH}
        title="Rename album"
        intro="The new name shows wherever the album is listed."
        submitLabel="Save"
        initialName={album.name}
        onSave={async (name) => {
          await update({ id: album.id, changes: { name } }).unwrap();
          toast.success('Album renamed.');
        }}
        onClose={() => setRenaming(false)}
      />
      <NameDialog
        open={renamingImage !== null}
        purpose={`rename-picture-${renamingImage?.id ?? 0}`}
        title="Rename picture"
        intro="The name shows under the picture when it is open, and names its download."
        submitLabel="Save"
        label="Picture name"
        schema={ZUpdateAlbumImage}
        maxLength={FILE_NAME_MAX_LENGTH}
        initialName={renamingImage ? displayFileName(renamingImage.name) : ''}
        onSave={async (name) => {
          if (!renamingImage) return;
          await renameImage({ id: renamingImage.id, album: album.id, name }).unwrap();
          toast.success('Picture renamed.');
        }}
        onClose={() => setRenamingImage(null)}
      />
      <ConfirmDialog
        open={deletingAlbum}
        title="Delete this album?"
        confirmLabel="Delete album"
        destructive
        busy={removingAlbum.isLoading}
        onConfirm={() => void deleteAlbum()}
        onClose={() => setDeletingAlbum(false)}
      >
        <strong>{album.name}</strong> and its {plural(album.imagesCount, 'picture')} will be deleted
        for good, with their likes and comments.
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingImage !== null}
        title="Delete this picture?"
        confirmLabel="Delete picture"
        destructive
        busy={removingImage.isLoading}
        onConfirm={() => deletingImage && void deleteImage(deletingImage)}
        onClose={() => setDeletingImage(null)}
      >
        {deletingImage && <strong>{displayFileName(deletingImage.name)}</strong>} will be removed
        from the album and deleted for good.
      </ConfirmDialog>
    </>
  );
}

/** One album at /albums/:id: its pictures in a grid and a lightbox, and what members do with it. */
export default function AlbumPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: album, error, isLoading, refetch } = useGetAlbumQuery(id, { skip: !valid });

  if (valid && isLoading) {
    return (
      <PageContainer title="Album">
        <BackLink />
        <LoadingAlbum />
      </PageContainer>
    );
  }

  if (!album) {
    const failure = apiFailure(error);
    return (
      <ObjectLoadFailure
        noun="Album"
        missing={!valid || failure.status === 404}
        message={failure.message}
        onRetry={refetch}
        onward={{ to: '/albums', label: 'Browse albums' }}
        back={<BackLink />}
      />
    );
  }

  return (
    <PageContainer title={album.name}>
      <BackLink />
      <AlbumView album={album} />
    </PageContainer>
  );
}
