import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides secret query parameters however they are spelled', () => {
    expect(redactUrl('/api/v1/user/reset-password?new_password=abc&code=xyz')).toBe(
      '/api/v1/user/reset-password?new_password=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/x?NEW_PASSWORD=a&%63ode=b&keep=1')).toBe('/x?NEW_PASSWORD=[redacted]&%63ode=[redacted]&keep=1');
  });

  it('hides the stream token of the live channel path', () => {
    expect(redactUrl('/v1/ws/user/42/token/s3cr3t?x=1')).toBe('/v1/ws/user/42/token/[redacted]?x=1');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/v1/user/forgot-password?email=a@b.c&cpf=1')).toBe(
      '/api/v1/user/forgot-password?email=a@b.c&cpf=1',
    );
  });
});
