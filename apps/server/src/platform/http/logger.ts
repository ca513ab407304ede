import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type onRequestHookHandler,
} from 'fastify';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { redactUrl } from './redact-url';
import { RequestLogger } from './request-logger';
import { asList } from './route-hooks';

// Field names that hold credentials, personal or clinical data (LGPD), hidden when a log call passes
// one at the top level. Only exact top-level paths: pino finds those by name at no cost, while each
// `*.name` wildcard walked every object of every line (12.9% of the CPU of GET /user/me/, issue 17 §7).
// Nested objects are written only through the serializers below, which choose what they keep.
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
// A request slower than this is logged as a warning.
const SLOW_REQUEST_MS = 1000;
// Log lines are written in batches of this many bytes, and at least this often.
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 1000;

interface LoggedRequest {
  method: string;
  url: string;
  routeOptions?: { url?: string };
}

/** A log destination that writes its lines in batches; `end` writes what is left and closes it. */
export interface LogDestination extends DestinationStream {
  flush(callback?: (error?: Error) => unknown): void;
  flushSync(): void;
  end(): void;
}

/**
 * Where the server's log lines go (standard output in production): written in batches, not one
 * write per line, which cost as much as a tenth of GET /user/me/'s CPU (issue 17 §7). pino writes
 * what is left when the process exits; a line waits at most LOG_FLUSH_INTERVAL_MS otherwise.
 * Lines are kept as bytes: kept as text, sonic-boom measured all the text waiting (up to 16 KB) again
 * at each line, which cost more than writing the line itself.
 */
export function logDestination(dest: number | string): LogDestination {
  const batches = pino.destination({
    dest,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
    contentMode: 'buffer',
  });
  // In buffer mode sonic-boom takes Buffers, which its types do not say.
  const writeBytes = (bytes: Buffer) => batches.write(bytes as unknown as string);
  return {
    write: (line: string) => writeBytes(Buffer.from(line)),
    flush: (callback) => batches.flush(callback),
    flushSync: () => batches.flushSync(),
    end: () => batches.end(),
  };
}

// One per process, opened at the first app built without a stream of its own: every app of a process (a
// test worker builds many) writes through it, instead of each leaving a destination and its flush timer behind.
let standardOutput: DestinationStream | undefined;
function standardOutputDestination(): DestinationStream {
  standardOutput ??= logDestination(1);
  return standardOutput;
}

/**
 * Server options for logging: pino at `level` into `stream` (else logDestination(standard output)),
 * with Fastify's two lines per request replaced by RequestLineLog's one. Headers and bodies are never
 * logged. A request's logger makes its child only when used (RequestLogger).
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  return {
    logController: new RequestLineLog({ disableRequestLogging: true }),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger as Logger, bindings, options),
    logger: {
      level,
      stream: stream ?? standardOutputDestination(),
      redact: { paths: [...SECRET_FIELDS, ...PERSONAL_FIELDS], censor: '[redacted]' },
      serializers: {
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url, request.routeOptions?.url),
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: serializeError,
        // @fastify/multipart logs busboy's options at trace level, the request's headers (authorization,
        // cookie) among them: only the limits are kept.
        busboyOptions: (options: { limits?: unknown }) => ({ limits: options.limits }),
      },
    },
  };
}

/**
 * One line per answered request: method, URL as redactUrl leaves it, status and time. A 5xx or a broken answer is
 * an error, a slow answer a warning, a refused request (4xx) info; a quick success is debug (LOG_LEVEL=debug logs
 * them all): a line for each cost a quarter of GET /user/me/'s throughput at the default level (issue 17 §7).
 * Fastify calls it when an answer is finished, with no hook of ours in each request's way.
 */
class RequestLineLog extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const statusCode = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const level = error ? 'error' : requestLineLevel(statusCode, responseTime);
    // The line goes through the server's logger with the request's id, as the request's child would write it, so
    // that a request that logs nothing else makes no child. The check spares redactUrl at a quieter level.
    const log = request.server.log as Logger;
    if (!log.isLevelEnabled(level)) return;
    const url = redactUrl(request.url, request.routeOptions.url);
    const line = {
      reqId: request.id,
      method: request.method,
      url,
      statusCode,
      responseTime,
      ...(error && { err: error }),
    };
    log[level](line, 'request completed');
  }
}

/** A websocket is logged when it asks to open: its upgraded request never sends an HTTP answer. */
export function registerWebsocketOpeningLog(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.websocket) return;
    const logOpening: onRequestHookHandler = (request, _reply, done) => {
      if (request.ws) request.log.info({ method: request.method, url: redactUrl(request.url, route.url) }, 'websocket');
      done();
    };
    route.onRequest = [...asList(route.onRequest), logOpening];
  });
}

function requestLineLevel(statusCode: number, responseTime: number): Level {
  if (statusCode >= 500) return 'error';
  if (responseTime >= SLOW_REQUEST_MS) return 'warn';
  return statusCode >= 400 ? 'info' : 'debug';
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as logged: its type, message, stack, cause and the properties of ERROR_FIELDS, without the
 * values a failed query carried. drizzle writes a query's parameters into its error message and keeps
 * them in `params`; PostgreSQL's `detail` repeats the conflicting row's values ("Key (email)=(…) already
 * exists"); an ioredis error carries its command's arguments, a rate limit's key (an e-mail) among them.
 */
export function serializeError(error: Error): SerializedError {
  const serialized: unknown = pino.stdSerializers.errWithCause(error);
  // Something thrown that is not an error is kept out: it may be any value, a request's among them.
  return isSerialized(serialized) ? scrub(serialized) : { type: typeof error, message: '[redacted]', stack: '' };
}

// Properties an error may carry that say what failed without saying with which values: Node's system
// errors, PostgreSQL's fields naming the constraint or column, HTTP statuses, drizzle's SQL text
// (placeholders only). Any other property is left out of the log.
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'routine',
  'query',
];
const QUERY_PARAMETERS = /\nparams: [\s\S]*/;

function scrub(error: SerializedError): SerializedError {
  const message = error.message.replace(QUERY_PARAMETERS, '');
  const scrubbed: SerializedError = { type: error.type, message, stack: error.stack.replace(error.message, message) };
  for (const field of ERROR_FIELDS) {
    if (error[field] !== undefined) scrubbed[field] = error[field];
  }
  if (error.cause !== undefined) scrubbed.cause = isSerialized(error.cause) ? scrub(error.cause) : '[redacted]';
  if (Array.isArray(error.aggregateErrors)) {
    scrubbed.aggregateErrors = error.aggregateErrors.map((each) => (isSerialized(each) ? scrub(each) : '[redacted]'));
  }
  return scrubbed;
}

function isSerialized(value: unknown): value is SerializedError {
  const error = value as Partial<SerializedError> | null;
  return typeof error?.message === 'string' && typeof error.stack === 'string';
}
