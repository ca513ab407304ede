import type { TFieldError } from '@escriba/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable, isInvalidTextInput } from '../db-errors';
import { AppError } from '../errors';
import { OutageLog } from '../outage-log';

// Fastify's own client errors, reworded for people; anything else 4xx keeps Fastify's status.
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Corpo da requisição grande demais',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type não suportado',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length não confere com o corpo enviado',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corpo JSON vazio',
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON malformado',
};

// A 422 lists this many failing fields at most, then how many more: a body of 50,000 unknown keys
// must not get an answer seven times its size.
export const MAX_LISTED_FIELD_ERRORS = 20;

// Long enough for a database restart or a fail-over, short enough that a person retrying is not kept waiting.
const DATABASE_RETRY_AFTER_SECONDS = 10;

/**
 * Answers every error as `{"detail": ...}`. Answers the database outage log, on which the owner of
 * the database calls up() when it is reached again: only an outage's first failure is logged.
 */
export function registerErrorHandler(app: FastifyInstance): OutageLog {
  const databaseOutage = new OutageLog(app.log, 'database', 'answering 503');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const detail = error.validation.flatMap((issue): TFieldError[] => {
        const loc = [part, ...issue.instancePath.split('/').filter(Boolean)];
        const unknownKeys = (issue.params as { keys?: string[] }).keys;
        if (issue.keyword === 'unrecognized_keys' && unknownKeys) {
          return unknownKeys.map((key) => ({
            loc: [...loc, key],
            msg: 'Campo não permitido',
            type: 'extra_forbidden',
          }));
        }
        return [{ loc, msg: issue.message ?? 'Valor inválido', type: issue.keyword }];
      });
      return reply.code(422).send({ detail: capFieldErrors(detail, part) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      const isJsonSyntax = error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      return reply.code(status).send({ detail: known ?? (isJsonSyntax ? 'JSON malformado' : error.message) });
    }
    if (isDatabaseUnreachable(error)) {
      databaseOutage.down(error);
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    }
    if (isInvalidTextInput(error)) {
      // A backstop: the contract's text rule refuses such text first, naming the field.
      request.log.warn({ err: error }, 'database refused the text of a request');
      return reply.code(422).send({ detail: 'Texto com caracteres inválidos' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Erro interno do servidor' });
  });
  return databaseOutage;
}

function capFieldErrors(errors: TFieldError[], part: string): TFieldError[] {
  if (errors.length <= MAX_LISTED_FIELD_ERRORS) return errors;
  const more = errors.length - MAX_LISTED_FIELD_ERRORS;
  return [
    ...errors.slice(0, MAX_LISTED_FIELD_ERRORS),
    {
      loc: [part],
      msg: more === 1 ? 'E mais 1 erro não listado' : `E mais ${more} erros não listados`,
      type: 'too_many_errors',
    },
  ];
}
