import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode, TouchEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { BlurhashImage } from './blurhash-image';

/** One picture a lightbox shows. */
export interface LightboxImage {
  id: number;
  /** A copy sized for the screen. */
  src: string;
  /** Says what the picture is, for screen readers and as its caption. */
  title: string;
  blurhash: string;
  width: number;
  height: number;
}

/** A horizontal swipe longer than this, in pixels, turns the page. */
const SWIPE_MIN_PX = 50;
/** Room for the bar above the picture and the caption under it. */
const CHROME_PX = 150;

interface ImageLightboxProps {
  images: readonly LightboxImage[];
  /** The picture shown, or null while closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Buttons for the picture shown (download, use as cover, delete), in the top bar. */
  actions?: (image: LightboxImage) => ReactNode;
}

/**
 * Pictures one at a time over the page: ← and → (or a swipe, or the side buttons) go to the
 * previous and next, Escape closes. The neighbours are fetched ahead so turning is instant.
 */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
  actions,
}: ImageLightboxProps) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const image = index === null ? undefined : images[index];
  const count = images.length;

  useEffect(() => {
    if (index === null) return;
    for (const neighbour of [images[index - 1], images[index + 1]]) {
      if (neighbour) new Image().src = neighbour.src;
    }
  }, [images, index]);

  if (index === null || !image) return null;

  const go = (step: number) => {
    const next = index + step;
    if (next >= 0 && next < count) onIndexChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    // A mostly vertical move is a scroll or a pull, not a page turn.
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? 1 : -1);
  };

  const ratio = image.width / image.height;
  const sideButton = {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'common.white',
    bgcolor: 'rgba(0, 0, 0, 0.45)',
    '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.65)' },
    '&.Mui-disabled': { display: 'none' },
  } as const;

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby="lightbox-title"
      slotProps={{ paper: { sx: { bgcolor: '#0b0b10', color: 'common.white' } } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: { xs: 1, sm: 2 },
          py: 1,
          minHeight: 56,
        }}
      >
        <Typography variant="body2" sx={{ opacity: 0.8, flexShrink: 0, px: 1 }}>
          {index + 1} / {count}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Box
          sx={{
            display: 'flex',
            gap: 0.5,
            '& .MuiIconButton-root, & .MuiButton-root': { color: 'common.white' },
          }}
        >
          {actions?.(image)}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} sx={{ color: 'common.white' }}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Box
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        sx={{
          flex: 1,
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 0, sm: 9 },
          minHeight: 0,
        }}
      >
        <BlurhashImage
          key={image.id}
          src={image.src}
          alt={image.title}
          blurhash={image.blurhash}
          fit="contain"
          loading="eager"
          sx={{
            aspectRatio: `${image.width} / ${image.height}`,
            width: `min(100%, calc((100dvh - ${CHROME_PX}px) * ${ratio}))`,
            bgcolor: 'transparent',
          }}
        />
        <IconButton
          aria-label="Previous picture"
          onClick={() => go(-1)}
          disabled={index === 0}
          sx={{ ...sideButton, left: { xs: 4, sm: 16 } }}
        >
          <ChevronLeftRounded fontSize="large" />
        </IconButton>
        <IconButton
          aria-label="Next picture"
          onClick={() => go(1)}
          disabled={index === count - 1}
          sx={{ ...sideButton, right: { xs: 4, sm: 16 } }}
        >
          <ChevronRightRounded fontSize="large" />
        </IconButton>
      </Box>
      <Typography
        id="lightbox-title"
        component="h2"
        sx={{ textAlign: 'center', px: 2, py: 2, overflowWrap: 'anywhere', fontWeight: 600 }}
      >
        {image.title}
      </Typography>
    </Dialog>
  );
}
