import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type RequestPart = 'body' | 'params' | 'querystring';

/**
 * Checks a request part after routing, when its shape depends on the stored record (a document's content follows
 * its kind), with the routes' own validator: a failure is answered as theirs is (422, each field named, unknown
 * keys listed).
 */
export function validateLate<Schema extends z.ZodType>(
  part: RequestPart,
  schema: Schema,
  data: unknown,
): z.output<Schema> {
  const validate = validatorCompiler({ schema, method: '', url: '', httpPart: part });
  const result = validate(data) as { value?: z.output<Schema>; error?: FastifySchemaValidationError[] };
  if (result.error) {
    throw Object.assign(new Error('Dados inválidos'), {
      statusCode: 400,
      validationContext: part,
      validation: result.error,
    });
  }
  return result.value as z.output<Schema>;
}
