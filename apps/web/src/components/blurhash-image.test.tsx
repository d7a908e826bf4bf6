import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './mui/theme';
import { BlurhashImage } from './blurhash-image';

/** blurha.sh's example hash: a 4 × 3 placeholder of its colours. */
const HASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';

function renderImage(src: string, blurhash = HASH) {
  return render(
    <ThemeProvider theme={theme}>
      <BlurhashImage src={src} alt="Boats at dawn" blurhash={blurhash} />
    </ThemeProvider>,
  );
}

/** The placeholder's cells: the placeholder is the frame's one element hidden from screen readers. */
function placeholderCells(container: HTMLElement): Element[] {
  const placeholder = container.querySelector('[aria-hidden="true"]');
  return placeholder ? [...placeholder.children] : [];
}

describe('BlurhashImage', () => {
  it('draws the hash as twelve cells of colour until the picture has loaded', () => {
    const { container } = renderImage('/media/boats.webp');
    const picture = screen.getByRole('img', { name: 'Boats at dawn' });
    expect(placeholderCells(container)).toHaveLength(12);

    fireEvent.load(picture);
    expect(placeholderCells(container)).toHaveLength(0);
  });

  it('shows the placeholder again for another picture in the same frame', () => {
    const { container, rerender } = renderImage('/media/boats.webp');
    fireEvent.load(screen.getByRole('img'));
    rerender(
      <ThemeProvider theme={theme}>
        <BlurhashImage src="/media/gulls.webp" alt="Gulls" blurhash={HASH} />
      </ThemeProvider>,
    );
    expect(placeholderCells(container)).toHaveLength(12);
  });

  it('still shows the picture when the hash does not decode', () => {
    const { container } = renderImage('/media/boats.webp', 'not a hash');
    expect(screen.getByRole('img', { name: 'Boats at dawn' })).toHaveAttribute(
      'src',
      '/media/boats.webp',
    );
    expect(placeholderCells(container)).toHaveLength(0);
  });
});
