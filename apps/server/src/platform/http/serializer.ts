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
    serializer = fastJson(serializableSchema(schema));
    serializers.set(schema, serializer);
  }
  return serializer;
}

type FastJsonSchema = Parameters<typeof fastJson>[0];
type JsonSchemaNode = { [keyword: string]: unknown };

/**
 * The JSON Schema fast-json-stringify compiles for a zod schema. zod writes `X.nullable()` as `anyOf: [X, null]`,
 * and fast-json-stringify picks an anyOf branch by validating the value against each branch with ajv, on every
 * answer (a whole object, a date's pattern); X marked `nullable` is written after a null check instead.
 */
export function serializableSchema(schema: z.ZodType): FastJsonSchema {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return withNullables(jsonSchema) as FastJsonSchema;
}

function withNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullables);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(schema)) node[keyword] = withNullables(value);
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node;
  const typed = anyOf.filter((branch: JsonSchemaNode) => branch.type !== 'null') as JsonSchemaNode[];
  const [branch] = typed;
  if (typed.length !== 1 || typeof branch?.type !== 'string') return node;
  // ajv (which picks a union's branch) holds a nullable enum to its values: null must be one of them.
  const values = Array.isArray(branch.enum) ? { enum: [...(branch.enum as unknown[]), null] } : {};
  return { ...rest, ...branch, ...values, nullable: true };
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
