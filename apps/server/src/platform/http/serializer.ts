import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema: properties the schema does not name are never sent, and serialising costs a fraction of
 * validating every answer with zod (request bodies are still validated with zod).
 */
export const zodJsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
