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
      '/api/v1/user/reset-password': ['post'],
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
});
