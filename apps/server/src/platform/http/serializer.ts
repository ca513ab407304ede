import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (value: unknown) => string;

// Compiling a serializer generates and compiles code: one per schema, however many routes and app instances
// answer with it (every route's error answers share a few schemas).
const serializers = new WeakMap<z.ZodType, Serializer>();

/** A function writing values of the schema as JSON, with only the properties the schema names. */
export function jsonSerializer<Schema extends z.ZodType>(schema: Schema): (value: z.output<Schema>) => string {
  let serializer = serializers.get(schema);
  if (!serializer) {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    serializer = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    serializers.set(schema, serializer);
  }
  return serializer;
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
