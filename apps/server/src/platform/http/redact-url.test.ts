import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides every query value but those of paging, sorting and filters by status, day or id', () => {
    expect(redactUrl('/api/v1/user/reset-password?new_password=abc&code=xyz')).toBe(
      '/api/v1/user/reset-password?new_password=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/v1/user/forgot-password?EMAIL=a@b.c&%63pf=1&cpf')).toBe(
      '/api/v1/user/forgot-password?EMAIL=[redacted]&%63pf=[redacted]&cpf=[redacted]',
    );
    expect(redactUrl('/x?page=2&PAGE_SIZE=5&status=done&from=2026-01-01&q=Maria+Silva')).toBe(
      '/x?page=2&PAGE_SIZE=5&status=done&from=2026-01-01&q=[redacted]',
    );
  });

  it('hides even those values when they do not have the shape they should', () => {
    expect(redactUrl('/x?page=52998224725&status=maria&from=Ana+Lima&patient_id=ana%40clinica.test')).toBe(
      '/x?page=[redacted]&status=[redacted]&from=[redacted]&patient_id=[redacted]',
    );
  });

  it('hides a query parameter name that does not read like one', () => {
    expect(redactUrl('/x?ana%40clinica.test&529.982.247-25=1')).toBe('/x?[redacted]=[redacted]&[redacted]=[redacted]');
  });

  it('writes the matched route pattern instead of the path, so no path parameter is logged', () => {
    expect(redactUrl('/v1/ws/user/42/token/s3cr3t?x=1', '/v1/ws/user/:userId/token/:streamToken')).toBe(
      '/v1/ws/user/:userId/token/:streamToken?x=[redacted]',
    );
  });

  it('keeps only word-like segments and ids of a path no route matched', () => {
    expect(redactUrl('/api/v1/user/ana@clinica.test/529.982.247-25/52998224725')).toBe(
      '/api/v1/user/[redacted]/[redacted]/[redacted]',
    );
    expect(redactUrl('/patients/0b7e6f1c-2a4d-4e0b-9a51-3c7f1e2d9a10/')).toBe(
      '/patients/0b7e6f1c-2a4d-4e0b-9a51-3c7f1e2d9a10/',
    );
  });
});
