import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { redactUrl } from './redact-url';

/** pino options: requests are logged by method and redacted URL only; headers and bodies never. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: {
      paths: ['password', 'new_password', 'code', 'token', 'access_token', 'stream_token', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
