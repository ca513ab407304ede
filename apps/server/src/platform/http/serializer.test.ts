import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSerializer, serializableSchema } from './serializer';

const ZVisit = z.object({
  place: z.object({ city: z.string() }).nullable(),
  ended_at: z.iso.datetime().nullable(),
  kind: z.enum(['presencial', 'teleconsulta']).nullable(),
  notes: z.array(z.string()).nullable(),
  summary: z.string().nullable(),
});

describe('jsonSerializer', () => {
  it('writes nullable values and objects, and only the properties the schema names', () => {
    const write = jsonSerializer(ZVisit);
    const empty = { place: null, ended_at: null, kind: null, notes: null, summary: null };
    expect(JSON.parse(write(empty))).toEqual(empty);
    const full = {
      place: { city: 'Recife', street: 'kept out' },
      ended_at: '2026-11-26T17:00:00.000Z',
      kind: 'teleconsulta' as const,
      notes: ['retorno'],
      summary: 'ok',
      secret: 'kept out',
    };
    expect(JSON.parse(write(full))).toEqual({
      place: { city: 'Recife' },
      ended_at: '2026-11-26T17:00:00.000Z',
      kind: 'teleconsulta',
      notes: ['retorno'],
      summary: 'ok',
    });
  });

  it('validates no value to write a nullable one', () => {
    const { code } = fastJson(serializableSchema(ZVisit), { mode: 'debug' }) as unknown as { code: string };
    expect(code).not.toContain('getSchemaValidator');
  });

  it('picks a union’s branch whose nullable enum is null', () => {
    const ZAnswer = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('visit'), visit: z.enum(['presencial', 'teleconsulta']).nullable() }),
      z.object({ kind: z.literal('call'), minutes: z.number() }),
    ]);
    expect(JSON.parse(jsonSerializer(ZAnswer)({ kind: 'visit', visit: null }))).toEqual({ kind: 'visit', visit: null });
  });
});
