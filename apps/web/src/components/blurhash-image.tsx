import { useMemo, useState } from 'react';
import { decode } from 'blurhash';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** The placeholder's cells: a BlurHash holds a few colours, which a blur turns into a wash. */
const COLUMNS = 4;
const ROWS = 3;

/** The hash's colours, row by row, or none when it does not decode. */
function coloursOf(hash: string): string[] {
  try {
    const pixels = decode(hash, COLUMNS, ROWS);
    const colours: string[] = [];
    for (let at = 0; at < pixels.length; at += 4) {
      colours.push(`rgb(${pixels[at]}, ${pixels[at + 1]}, ${pixels[at + 2]})`);
    }
    return colours;
  } catch {
    return [];
  }
}

/**
 * The hash drawn as blurred cells of colour: plain elements rather than a canvas, so it draws in
 * the first frame, with no script run after it, and anywhere a page renders.
 */
function BlurhashPlaceholder({ hash }: { hash: string }) {
  const colours = useMemo(() => coloursOf(hash), [hash]);
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: '-10%',
        display: 'grid',
        gridTemplateColumns: `repeat(${COLUMNS}, 1fr)`,
        gridTemplateRows: `repeat(${ROWS}, 1fr)`,
        filter: 'blur(16px)',
      }}
    >
      {colours.map((colour, index) => (
        <Box key={index} sx={{ bgcolor: colour }} />
      ))}
    </Box>
  );
}

interface BlurhashImageProps {
  src: string;
  alt: string;
  /** Drawn at once, and faded out as the picture arrives. */
  blurhash: string;
  /** `cover` fills a grid cell; `contain` shows the whole picture. */
  fit?: 'cover' | 'contain';
  /** Sizes the frame; the picture fills it. */
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
}

/** A picture with its BlurHash placeholder underneath until it has loaded. */
export function BlurhashImage({
  src,
  alt,
  blurhash,
  fit = 'cover',
  sx,
  loading = 'lazy',
}: BlurhashImageProps) {
  // Kept by address, so a frame showing another picture (a lightbox) shows its placeholder again.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === src;
  return (
    <Box
      sx={[
        { position: 'relative', overflow: 'hidden', bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {!loaded && <BlurhashPlaceholder hash={blurhash} />}
      <Box
        component="img"
        src={src}
        alt={alt}
        loading={loading}
        decoding="async"
        onLoad={() => setLoadedSrc(src)}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: fit,
          opacity: loaded ? 1 : 0,
          transition: 'opacity 200ms ease-out',
        }}
      />
    </Box>
  );
}
