import helmet, { type HelmetOptions } from 'helmet';
import { appWide } from '../plugin';

/** Which social sign-in providers the server is configured for. */
export interface SocialProvidersOn {
  google: boolean;
  apple: boolean;
  facebook: boolean;
}

/** What each provider's browser SDK loads, frames and calls; allowed only when it is configured. */
const PROVIDER_SOURCES = {
  google: {
    script: ['https://accounts.google.com/gsi/client'],
    frame: ['https://accounts.google.com'],
    connect: ['https://accounts.google.com'],
  },
  apple: {
    script: ['https://appleid.cdn-apple.com'],
    frame: ['https://appleid.apple.com'],
    connect: ['https://appleid.apple.com'],
  },
  facebook: {
    script: ['https://connect.facebook.net'],
    frame: ['https://www.facebook.com', 'https://web.facebook.com'],
    connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
  },
} as const;

/**
 * Headers for the SPA and the API alike. The CSP is what a Vite-built React + MUI bundle
 * needs and nothing more: MUI (emotion) injects <style> tags, hence 'unsafe-inline' for
 * styles only; sockets need ws:/wss:.
 */
export function helmetOptions(
  publicUrl: string,
  providers: SocialProvidersOn = { google: false, apple: false, facebook: false },
): HelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:';
  const on = (Object.keys(PROVIDER_SOURCES) as (keyof SocialProvidersOn)[]).filter(
    (name) => providers[name],
  );
  const sources = (kind: 'script' | 'frame' | 'connect') =>
    on.flatMap((name) => PROVIDER_SOURCES[name][kind]);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...sources('script')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...sources('connect')],
        frameSrc: on.length > 0 ? sources('frame') : ["'none'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain HTTP (a LAN address) this would break every asset load.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // A provider's sign-in popup reports back to its opener; without providers, no popup needs it.
    crossOriginOpenerPolicy: { policy: on.length > 0 ? 'same-origin-allow-popups' : 'same-origin' },
    // Only an HTTPS origin can promise HTTPS; its sibling subdomains are not ours to pin.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/**
 * Sends helmet's headers on every answer, the 404s included. helmet's middleware is built once
 * here: `@fastify/helmet` built it again for every request, which cost ~2.5 % of a request.
 */
export const securityHeadersPlugin = appWide<HelmetOptions>(
  'agora-security-headers',
  async (app, options) => {
    const setHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error) =>
        done(error instanceof Error ? error : undefined),
      );
    });
  },
);
