import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { redactUrl } from './redact-url';

// Field names that hold credentials, personal or clinical data (LGPD), hidden wherever a logged
// object carries them, one level deep too. Nothing logs bodies today; this keeps it so if one ever does.
const SECRET_FIELDS = ['password', 'new_password', 'code', 'token', 'access_token', 'stream_token'];
const PERSONAL_FIELDS = [
  'email',
  'username',
  'cpf',
  'phone',
  'name',
  'social_name',
  'birth_date',
  'address',
  'patient',
  'title',
  'chief_complaint',
  'user_context',
  'body',
];

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** pino options: requests are logged by method and redacted URL only; headers and bodies never. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const fields = [...SECRET_FIELDS, ...PERSONAL_FIELDS];
  return {
    level,
    ...(stream && { stream }),
    redact: { paths: [...fields, ...fields.map((field) => `*.${field}`)], censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url, request.routeOptions?.url),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as logged: its type, message, stack and cause, without the values a failed query carried.
 * drizzle writes a query's parameters into its error message, and PostgreSQL's `detail` repeats the
 * conflicting row's values ("Key (email)=(…) already exists").
 */
export function serializeError(error: Error): SerializedError {
  const serialized: unknown = pino.stdSerializers.errWithCause(error);
  // Something thrown that is not an error is kept out: it may be any value, a request's among them.
  return isSerialized(serialized) ? scrub(serialized) : { type: typeof error, message: '[redacted]', stack: '' };
}

const QUERY_PARAMETERS = /\nparams: [\s\S]*/;

function scrub(error: SerializedError): SerializedError {
  const { params: _params, detail: _detail, cause, ...rest } = error;
  const message = rest.message.replace(QUERY_PARAMETERS, '');
  return {
    ...rest,
    message,
    stack: rest.stack.replace(rest.message, message),
    ...(cause !== undefined && { cause: isSerialized(cause) ? scrub(cause) : '[redacted]' }),
  };
}

function isSerialized(value: unknown): value is SerializedError {
  const error = value as Partial<SerializedError> | null;
  return typeof error?.message === 'string' && typeof error.stack === 'string';
}
