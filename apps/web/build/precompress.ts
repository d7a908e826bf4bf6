import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Text the server may send compressed; images and fonts are compressed already, and the server
 * writes each page's HTML itself (index.html is its template).
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than the `Content-Encoding` round costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli at its best quality: paid once here, not per request) and
 * `<file>.gz` beside each compressible file of `files` (relative to `dir`) of at least 1 KB,
 * keeping only copies smaller than the file. Returns the copies written.
 */
export async function precompress(dir: string, files: string[]): Promise<string[]> {
  const written = await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const path = join(dir, file);
        const source = await readFile(path);
        if (source.length < MIN_BYTES) return [];
        const copies = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }).then((bytes) => ({ name: `${file}.br`, bytes })),
          gzipped(source, { level: constants.Z_BEST_COMPRESSION }).then((bytes) => ({
            name: `${file}.gz`,
            bytes,
          })),
        ]);
        const smaller = copies.filter((copy) => copy.bytes.length < source.length);
        await Promise.all(smaller.map((copy) => writeFile(join(dir, copy.name), copy.bytes)));
        return smaller.map((copy) => copy.name);
      }),
  );
  return written.flat();
}

/**
 * Vite plugin: once the build is written, precompresses the files it emitted (the hashed
 * assets; `public/` files are copied as they are). The server picks the copy the client accepts.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'agora-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (options.dir) await precompress(options.dir, Object.keys(bundle));
    },
  };
}
