import sharp from 'sharp';

/** A real PNG of `size`×`size` pixels in one RGB colour, for upload tests. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}
