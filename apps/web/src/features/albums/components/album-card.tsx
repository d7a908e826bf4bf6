import { Link as RouterLink } from '../../../lib/router';
import type { AlbumSummary } from '@agora/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { BlurhashImage } from '../../../components/blurhash-image';
import { CountStat } from '../../../components/count-stat';
import { compactCount, plural } from '../../../lib/format';

/** The frame every cover shares, so a grid of covers lines up before any picture arrives. */
const COVER_RATIO = '4 / 3';

function EmptyCover() {
  return (
    <Box
      sx={{
        aspectRatio: COVER_RATIO,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'text.secondary',
      }}
    >
      <PhotoLibraryRounded sx={{ fontSize: 48 }} />
    </Box>
  );
}

interface AlbumCardProps {
  album: AlbumSummary;
  /** Hides the author's name, on pages that are about that author already (a profile). */
  showAuthor?: boolean;
}

/** An album in a grid: its cover, name, author and counts; the whole card opens it. */
export function AlbumCard({ album, showAuthor = true }: AlbumCardProps) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ borderRadius: '16px', listStyle: 'none', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/albums/${album.id}`}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {album.cover ? (
          <BlurhashImage
            src={album.cover.thumbnails.small.url}
            alt=""
            blurhash={album.cover.blurhash}
            sx={{ aspectRatio: COVER_RATIO }}
          />
        ) : (
          <EmptyCover />
        )}
        <Box sx={{ p: 2, flex: 1 }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ fontSize: '1.05rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {album.name}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {plural(album.imagesCount, 'picture')}
          </Typography>
          {showAuthor && (
            <Typography variant="body2" color="textSecondary" noWrap>
              @{album.author.username}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1.5, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <CountStat
              icon={<FavoriteBorderRounded sx={{ fontSize: 18 }} />}
              label={plural(album.likesCount, 'like')}
              value={compactCount(album.likesCount)}
            />
            <CountStat
              icon={<ChatBubbleOutlineRounded sx={{ fontSize: 18 }} />}
              label={plural(album.commentsCount, 'comment')}
              value={compactCount(album.commentsCount)}
            />
            {album.isHidden && (
              <Chip
                size="small"
                icon={<VisibilityOffOutlined />}
                label="Hidden"
                color="warning"
                variant="outlined"
              />
            )}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
