import { ZFieldSources, ZSourcedText } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSchemaOf } from './answer-schema';

const LABELS = { type: 'array', items: { type: 'string' } };

describe('answerSchemaOf', () => {
  it('answers a sourced text (a note field, a document paragraph) with its text and source labels, nothing else', () => {
    expect(answerSchemaOf(ZSourcedText)).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, sources: LABELS },
      required: ['text', 'sources'],
      additionalProperties: false,
    });
  });

  it('keeps the shape only, labels every sources property however deep, and leaves out what the server fills', () => {
    const stored = z.strictObject({
      days: z.number().int().min(1).max(30),
      cid: z.string(),
      items: z.array(z.strictObject({ name: z.string().max(200), period_sources: ZFieldSources })).max(5),
    });
    expect(answerSchemaOf(stored, new Set(['cid']))).toEqual({
      type: 'object',
      properties: {
        days: { type: 'integer' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, period_sources: LABELS },
            required: ['name', 'period_sources'],
            additionalProperties: false,
          },
        },
      },
      required: ['days', 'items'],
      additionalProperties: false,
    });
  });
});
