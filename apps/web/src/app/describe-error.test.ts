import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('names a 404 after the path', () => {
    expect(describeError(new ErrorResponse(404, 'Not Found', null), '/a/b')).toMatchObject({
      status: 404,
      title: 'Page Not Found',
      message: 'Page Not Found: /a/b',
      isNewVersion: false,
    });
  });

  it('calls anything else an Internal Server Error, 500 unless the error has a status', () => {
    expect(describeError(new Error('boom'), '/')).toMatchObject({
      status: 500,
      title: 'Internal Server Error',
      message: 'Internal Server Error',
      isNewVersion: false,
    });
    expect(describeError(new ErrorResponse(503, 'Unavailable', null), '/').status).toBe(503);
  });

  it('explains in Portuguese that a missing page chunk means a new version', () => {
    const described = describeError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), '/');
    expect(described.isNewVersion).toBe(true);
    expect(described.explanation).toContain('O Escriba foi atualizado');
  });
});
