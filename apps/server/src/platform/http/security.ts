import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Headers for the SPA and the API alike. The CSP is what a Vite-built React + MUI bundle
 * needs and nothing more: MUI (emotion) injects <style> tags, hence 'unsafe-inline' for
 * styles only; sockets need ws:/wss:.
 */
export function helmetOptions(publicUrl: string): FastifyHelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain HTTP (a LAN address) this would break every asset load.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Only an HTTPS origin can promise HTTPS; its sibling subdomains are not ours to pin.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}
