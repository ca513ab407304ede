import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('names a 404 after the path', () => {
    expect(describeError(new ErrorResponse(404, 'Not Found', null), '/a/b')).toEqual({
      status: 404,
      title: 'Page Not Found',
      message: 'Page Not Found: /a/b',
    });
  });

  it('calls anything else an Internal Server Error, 500 unless the error has a status', () => {
    expect(describeError(new Error('boom'), '/')).toEqual({
      status: 500,
      title: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    expect(describeError(new ErrorResponse(503, 'Unavailable', null), '/').status).toBe(503);
  });
});
