import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** A function writing values of the schema as JSON, with only the properties the schema names. */
export function jsonSerializer<Schema extends z.ZodType>(schema: Schema): (value: z.output<Schema>) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema: properties the schema does not name are never sent, and serialising costs a fraction of
 * validating every answer with zod (request bodies are still validated with zod).
 */
export const zodJsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => jsonSerializer(schema);

/** Sends a body already serialized (by jsonSerializer): Fastify passes it through as is. */
export function sendJson(reply: FastifyReply, json: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
