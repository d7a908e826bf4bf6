import { useState } from 'react';
import type { AlbumImage } from '@agora/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import { BlurhashImage } from '../../../components/blurhash-image';
import { displayFileName } from '../../files';

interface AlbumImageTileProps {
  image: AlbumImage;
  isCover: boolean;
  /** The author's tools: use as the album's thumbnail, delete. */
  canEdit: boolean;
  onOpen: () => void;
  onMakeCover: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** A square of the album's grid: opens the picture; the author's menu in its corner. */
export function AlbumImageTile({
  image,
  isCover,
  canEdit,
  onOpen,
  onMakeCover,
  onRename,
  onDelete,
}: AlbumImageTileProps) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const name = displayFileName(image.name);
  const menuId = `album-image-menu-${image.id}`;
  return (
    <Box component="li" sx={{ position: 'relative', listStyle: 'none' }}>
      <ButtonBase
        onClick={onOpen}
        aria-label={`Open ${name}`}
        sx={{ display: 'block', width: '100%', borderRadius: '12px', overflow: 'hidden' }}
      >
        <BlurhashImage
          src={image.thumbnails.small.url}
          alt={name}
          blurhash={image.blurhash}
          sx={{ aspectRatio: '1 / 1' }}
        />
      </ButtonBase>
      {isCover && (
        <Chip
          label="Thumbnail"
          size="small"
          icon={<StarRounded />}
          sx={{
            position: 'absolute',
            left: 8,
            bottom: 8,
            bgcolor: 'rgba(0, 0, 0, 0.65)',
            color: 'common.white',
            '& .MuiChip-icon': { color: 'warning.light' },
            pointerEvents: 'none',
          }}
        />
      )}
      {canEdit && (
        <>
          <IconButton
            size="small"
            aria-label={`More for ${name}`}
            aria-haspopup="menu"
            aria-controls={menu ? menuId : undefined}
            aria-expanded={menu ? 'true' : undefined}
            onClick={(event) => setMenu(event.currentTarget)}
            sx={{
              position: 'absolute',
              top: 6,
              right: 6,
              color: 'common.white',
              bgcolor: 'rgba(0, 0, 0, 0.55)',
              '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.75)' },
              // A white ring inside the theme's focus outline keeps it visible on dark pictures.
              '&.Mui-focusVisible': { boxShadow: '0 0 0 2px #fff' },
            }}
          >
            <MoreVertRounded fontSize="small" />
          </IconButton>
          <Menu id={menuId} anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem
              disabled={isCover}
              onClick={() => {
                setMenu(null);
                onMakeCover();
              }}
            >
              <ListItemIcon>
                <StarRounded fontSize="small" />
              </ListItemIcon>
              Use as thumbnail
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenu(null);
                onRename();
              }}
            >
              <ListItemIcon>
                <EditRounded fontSize="small" />
              </ListItemIcon>
              Rename picture
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenu(null);
                onDelete();
              }}
              sx={{ color: 'error.main' }}
            >
              <ListItemIcon sx={{ color: 'inherit' }}>
                <DeleteOutlineRounded fontSize="small" />
              </ListItemIcon>
              Delete picture
            </MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}
