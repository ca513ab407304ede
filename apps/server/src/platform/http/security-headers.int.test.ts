import { describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const CLINIC = 'https://prontuario.clinica.example';
const t = useTestApp((config) => ({ ...config, embedOrigins: [CLINIC, 'http://127.0.0.1:4100'] }));

describe('security headers', () => {
  it('on API answers, are those of a JSON answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/common/license-types' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-security-policy': "frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it("on pages, are helmet's, with a content security policy that allows the CEP service", async () => {
    for (const url of ['/log-in', '/api/docs']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain(`connect-src 'self' ws: wss: ${new URL(t.config.cepLookupUrl).origin}`);
    }
  });

  it("on the embedded panel's pages, let EMBED_ORIGINS frame them and the log-in pop-up keep its opener", async () => {
    for (const url of ['/embed/consultations/8f1c2b5e-3a4d-4e6f-9a0b-1c2d3e4f5a6b', '/embed/log-in']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain(`frame-ancestors 'self' ${CLINIC} http://127.0.0.1:4100;`);
      expect(policy, url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
    const page = await t.app.inject({ method: 'GET', url: '/embedded' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('are on error answers too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keep API answers out of every cache, and leave the web app cacheable', async () => {
    const { headers } = await createLoggedInUser(t.app);
    for (const url of ['/api/v1/user/me/', '/api/v1/user/consultations/']) {
      const answer = await t.app.inject({ method: 'GET', url, headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/user/patients/' });
    expect(refused.headers['cache-control']).toBe('no-store');
    // Pages and assets set their own caching (web-app.ts); this test app has no web build to serve.
    const page = await t.app.inject({ method: 'GET', url: '/log-in' });
    expect(page.headers['cache-control']).toBeUndefined();
  });
});
