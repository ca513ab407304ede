import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** The properties that say where a part came from: `sources`, and `period_sources` of an atestado. */
export const isSourcesKey = (key: string) => key === 'sources' || key.endsWith('_sources');

// What a model's structured output may be held to; lengths, ranges and formats are checked on return instead.
const ANSWER_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf']);
const LABELS = { type: 'array', items: { type: 'string' } };

/**
 * What the model answers for a stored shape of the contract (a note's field, a document's content): its JSON schema
 * with source labels (`"T12"`) where it stores sources, and without the properties the server fills itself.
 */
export function answerSchemaOf(schema: z.ZodType, serverFilled: ReadonlySet<string> = new Set()): JsonSchema {
  const stored = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return toAnswerSchema(stored, serverFilled);
}

function toAnswerSchema(schema: JsonSchema, serverFilled: ReadonlySet<string>, key?: string): JsonSchema {
  if (key !== undefined && isSourcesKey(key)) return LABELS;
  const answer: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!ANSWER_KEYWORDS.has(keyword)) continue;
    if (keyword === 'properties') {
      const properties = Object.entries(value as Record<string, JsonSchema>).filter(
        ([name]) => !serverFilled.has(name),
      );
      answer.properties = Object.fromEntries(
        properties.map(([name, each]) => [name, toAnswerSchema(each, serverFilled, name)]),
      );
    } else if (keyword === 'required') {
      answer.required = (value as string[]).filter((name) => !serverFilled.has(name));
    } else if (keyword === 'items') {
      answer.items = toAnswerSchema(value as JsonSchema, serverFilled);
    } else if (keyword === 'anyOf') {
      answer.anyOf = (value as JsonSchema[]).map((each) => toAnswerSchema(each, serverFilled));
    } else {
      answer[keyword] = value;
    }
  }
  return answer;
}
