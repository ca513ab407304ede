import { describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

describe('security headers', () => {
  it('are on API answers, with a content security policy that allows the CEP service', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/common/license-types' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain('connect-src');
    expect(policy).toContain(new URL(t.config.cepLookupUrl).origin);
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
