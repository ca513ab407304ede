import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; requestBody?: unknown; parameters?: { name: string }[] }>
  >;
}

describe('the OpenAPI document', () => {
  it('describes every route of the spec with its methods, generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    const expected: Record<string, string[]> = {
      '/api/v1/token': ['post'],
      '/api/v1/token/refresh': ['post'],
      '/api/v1/token/logout': ['post'],
      '/api/v1/token/introspect': ['post'],
      '/api/v1/token/verify-account': ['post'],
      '/api/v1/user/': ['post'],
      '/api/v1/user/forgot-password': ['post'],
      '/api/v1/user/reset-password': ['get', 'post'],
      '/api/v1/user/me/': ['get', 'patch'],
      '/api/v1/user/me/me/preferences/': ['get', 'patch'],
      '/api/v1/user/me/license/': ['get', 'post'],
      '/api/v1/user/me/license/{id}': ['put', 'delete'],
      '/api/v1/user/me/license/{id}/primary': ['patch'],
      '/api/v1/user/me/specialization/': ['get', 'post'],
      '/api/v1/user/me/specialization/{id}': ['delete'],
      '/api/v1/common/license-types': ['get'],
      '/api/v1/common/specializations': ['get'],
      '/api/v1/common/specializations/{id}': ['get'],
      '/api/v1/common/specializations/{id}/default': ['get'],
      '/api/v1/user/patients/': ['get', 'post'],
      '/api/v1/user/patients/{id}': ['get', 'patch'],
      '/api/v1/user/consultations/': ['get', 'post'],
      '/api/v1/user/consultations/{id}': ['get', 'patch', 'delete'],
      '/api/v1/user/consultations/{id}/user-context': ['put'],
      '/api/v1/user/consultations/{id}/fhir': ['get'],
      '/api/v1/user/patients/{id}/fhir': ['get'],
      '/api/v1/user/templates/anamnesis/': ['get', 'post'],
      '/api/v1/user/templates/anamnesis/{id}': ['get', 'put', 'delete'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(document.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    }
    expect(document.paths['/api/v1/user/me/']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/token/verify-account']!.post!.requestBody).toBeDefined();
    const resetParameters = document.paths['/api/v1/user/reset-password']!.post!.parameters!.map((p) => p.name);
    expect(resetParameters).toEqual(expect.arrayContaining(['new_password', 'code']));
  });

  it('has a reference page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('/api/v1/openapi.json');
  });

  it('serves the reference page with the app security headers, allowing only its own start-up script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    const document = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    for (const answer of [page, script]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
    // The OpenAPI document is an API answer, with an API answer's headers.
    expect(document.statusCode).toBe(200);
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect(document.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    const inlineScripts = [...page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inlineScripts).toHaveLength(1);
    const hash = createHash('sha256').update(inlineScripts[0]![1]!).digest('base64');
    expect(directive(page.headers['content-security-policy'], 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      `'sha256-${hash}'`,
    ]);
    expect(directive(script.headers['content-security-policy'], 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
    ]);
  });

  it('makes the reference page ask nothing of other hosts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).toContain('"withDefaultFonts": false');
    expect(page.body).toContain('"telemetry": false');
    expect(page.body).toContain('"showDeveloperTools": "never"');
    const policy = page.headers['content-security-policy'];
    for (const name of ['default-src', 'script-src', 'style-src', 'font-src', 'img-src']) {
      expect(
        directive(policy, name).filter((source) => /^https?:/.test(source)),
        name,
      ).toEqual([]);
    }
  });
});

function directive(policy: unknown, name: string): string[] {
  const found = String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1) ?? [];
}
