import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'none'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

describe('security headers', () => {
  describe('over HTTP', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { publicUrl: 'http://localhost:8000' } });
    });
    afterAll(() => t.close());

    it('sends the CSP a React + MUI build needs, and nothing looser', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(String(response.headers['content-security-policy']).split(';')).toEqual(CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    });

    it('does not send HSTS', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('over HTTPS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { publicUrl: 'https://agora.example.org' } });
    });
    afterAll(() => t.close());

    it('sends HSTS and asks browsers to upgrade insecure requests', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(String(response.headers['content-security-policy']).split(';')).toEqual([
        ...CSP,
        'upgrade-insecure-requests',
      ]);
    });
  });

  describe('with social sign-in configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        config: {
          googleClientId: 'google-client',
          facebookAppId: 'fb-app',
          facebookAppSecret: 's',
        },
      });
    });
    afterAll(() => t.close());

    it("allows exactly the configured providers' sign-in scripts, frames and popups", async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(response.headers['content-security-policy']).split(';');
      expect(csp).toContain(
        "script-src 'self' https://accounts.google.com/gsi/client https://connect.facebook.net",
      );
      expect(csp).toContain(
        'frame-src https://accounts.google.com https://www.facebook.com https://web.facebook.com',
      );
      expect(csp.join(';')).not.toContain('apple');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });
  });
});
