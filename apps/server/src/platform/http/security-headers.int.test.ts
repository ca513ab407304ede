import { describe, expect, it } from 'vitest';
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
});
