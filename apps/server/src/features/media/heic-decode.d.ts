// heic-decode 2 ships no types; these are the calls the image pipeline makes.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  /** The pictures in the file, sized but not decoded; `dispose` frees libheif's memory. */
  export function all(input: {
    buffer: Buffer | Uint8Array;
  }): Promise<HeifImage[] & { dispose(): void }>;
}
