import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Text the server builds or streams: JSON answers, the SPA page, the sitemap, scripts, styles
 * and SVG. Not `text/event-stream` (a compressor would hold events back until its buffer fills),
 * nor uploads served as `application/octet-stream` (often compressed already, and up to 100 MB
 * of CPU on every download).
 */
const COMPRESSIBLE =
  /^(?:application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|text\/(?:html|css|javascript|plain|xml)|image\/svg\+xml)(?:;|$)/;

/**
 * Brotli at the plugin's quality 4 (about gzip's CPU for smaller output; 11 would cost many
 * times more), or gzip, as the client asks. Bodies under 1 KB go as they are: compressing them
 * costs more CPU than the bytes save. Built assets were compressed at build time and are served
 * as such by `platform/web`. Request bodies are read as before: no client sends them compressed.
 */
export const compressionOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  customTypes: COMPRESSIBLE,
  globalDecompression: false,
};
