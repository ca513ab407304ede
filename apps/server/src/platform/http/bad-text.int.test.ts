import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { createLoggedInUser } from '../../../test/factories';
import { registerErrorHandler } from './error-handler';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  // An administrator reaches every route, so each body is validated.
  ({ headers } = await createLoggedInUser(t.app, { scopes: ['user', 'admin'] }));
});

// Text PostgreSQL cannot store as sent: NUL, and a lone UTF-16 surrogate (no UTF-8 form).
const BAD_TEXT = { nul: 'Ana\u0000Souza', 'lone surrogate': 'Ana\uD800Souza' };

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  not?: unknown;
  format?: string;
  pattern?: string;
  enum?: unknown[];
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Path = (string | number)[];

/** Every string a schema holds, by its path (an array's strings under its first item). */
function stringPaths(schema: Schema, path: Path = []): Path[] {
  if (schema.not !== undefined) return []; // read-only fields: refused whatever they hold
  if (schema.anyOf) return schema.anyOf.flatMap((option) => stringPaths(option, path));
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([name, property]) => stringPaths(property, [...path, name]));
  }
  if (schema.items) return stringPaths(schema.items, [...path, 0]);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') ? [path] : [];
}

/** A body holding `value` at `path` and nothing else. */
function bodyWith(path: Path, value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') return [bodyWith(rest, value)];
  return { [head]: bodyWith(rest, value) };
}

/** A valid path parameter, so the request is validated as far as its body. */
function pathValue(schema: Schema = {}): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number' || schema.pattern?.includes('d')) return '5';
  return 'campo_1';
}

interface Case {
  route: string;
  method: string;
  url: string;
  loc: Path;
  body?: unknown;
  query?: string;
}

async function writeRouteCases(): Promise<Case[]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const cases: Case[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'get') continue;
      const parameters = operation.parameters ?? [];
      const url = route.replace(/\{([^}]+)\}/g, (_, name: string) =>
        pathValue(parameters.find((parameter) => parameter.name === name)?.schema),
      );
      const json = operation.requestBody?.content['application/json']?.schema;
      for (const path of json ? stringPaths(json) : []) {
        cases.push({ route, method, url, loc: ['body', ...path], body: path });
      }
      // The query is validated after the body: only routes without one get their query checked here.
      if (operation.requestBody) continue;
      for (const parameter of parameters.filter((option) => option.in === 'query')) {
        if (stringPaths(parameter.schema ?? {}).length === 0) continue;
        cases.push({ route, method, url, loc: ['querystring', parameter.name], query: parameter.name });
      }
    }
  }
  return cases;
}

describe('text the database cannot store', () => {
  it('is a 422 naming the field, in every string of every write route', async () => {
    const cases = await writeRouteCases();
    // The catalogue must reach the free-text fields this rule was written for.
    const locs = cases.map((one) => `${one.method} ${one.route} ${one.loc.join('.')}`);
    for (const expected of [
      'post /api/v1/admin/template/ body.fields.0.title',
      'post /api/v1/admin/template/ body.fields.0.instructions',
      'post /api/v1/admin/prompt/persona/ body.instructions',
      'post /api/v1/user/patients/ body.address.street',
      'post /api/v1/user/patients/ body.health_insurance.name',
      'put /api/v1/user/consultations/{id}/evidences/transcript/text body.text',
    ]) {
      expect(locs).toContain(expected);
    }

    const failures: string[] = [];
    for (const one of cases) {
      for (const [label, text] of Object.entries(BAD_TEXT)) {
        // A lone surrogate cannot be written in a URL: percent-decoding makes it U+FFFD.
        if (one.query && label !== 'nul') continue;
        const response = await t.app.inject({
          method: one.method.toUpperCase() as 'POST',
          url: one.query ? `${one.url}?${one.query}=${encodeURIComponent(text)}` : one.url,
          headers: one.body ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(one.body !== undefined && { payload: JSON.stringify(bodyWith(one.body as Path, text)) }),
        });
        const detail = response.statusCode === 422 ? response.json<{ detail: unknown }>().detail : undefined;
        // Schema errors name array items by their index as a string, and may name a part of the field.
        const isNamed =
          Array.isArray(detail) &&
          detail.some((error: { loc: Path }) =>
            `${error.loc.map(String).join('.')}.`.startsWith(`${one.loc.join('.')}.`),
          );
        if (!isNamed) failures.push(`${label} ${one.method} ${one.route} ${one.loc.join('.')}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // About 300 requests, each refused before its handler: seconds alone, more beside other test files.
  }, 60_000);

  it('refused by the database anyway is a 422, not a 500 (the backstop behind the contract)', async () => {
    const attempts = [
      sql`select ${'a\u0000b'}::text`,
      sql`select ${JSON.stringify({ name: 'a\u0000b' })}::jsonb`,
      sql`select ${JSON.stringify({ name: 'a\uD800b' })}::jsonb`,
    ];
    const bare = Fastify({ logger: false });
    registerErrorHandler(bare);
    bare.get('/:attempt', async (request) => {
      await t.app.db.execute(attempts[Number((request.params as { attempt: string }).attempt)]!);
      return {};
    });
    try {
      for (const index of attempts.keys()) {
        const response = await bare.inject({ method: 'GET', url: `/${index}` });
        expect(response.statusCode, String(index)).toBe(422);
        expect(response.json()).toEqual({ detail: 'Texto com caracteres inválidos' });
      }
    } finally {
      await bare.close();
    }
  });
});
