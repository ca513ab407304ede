import type { TDocumentRequest } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { prescribed } from '../../../test/documents-test-setup';
import { SourceCatalog } from '../generation/source-labels';
import { answerKeys, documentAnswerSchema, toStoredContent, toStoredProperty } from './document-answer';

const catalog = new SourceCatalog([{ seq: 4, start: 30, end: 38 }], [], true);
const REQUEST: TDocumentRequest = { instructions: null, days: null, include_cid: false };
const context = { catalog, request: REQUEST, confirmedCodes: [] };
const T4 = { transcript: [{ seq: 4, start: 30, end: 38 }], evidence: [], user_context: false };
const NONE = { transcript: [], evidence: [], user_context: false };

describe('document answers', () => {
  it('asks for every property of the kind but the CID and a receita’s type, sources as labels, with no limits a model may refuse', () => {
    const { name, jsonSchema } = documentAnswerSchema('atestado');
    expect(name).toBe('documento_atestado');
    expect(answerKeys('atestado')).toEqual(['days', 'start_date', 'purpose', 'period_sources']);
    expect(jsonSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: {
        days: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        purpose: { properties: { sources: { type: 'array', items: { type: 'string' } } } },
        period_sources: { type: 'array', items: { type: 'string' } },
      },
    });
    const text = JSON.stringify(jsonSchema);
    for (const keyword of ['maxLength', 'minimum', 'pattern', 'format', 'cid', '$schema', '$ref']) {
      expect(text).not.toContain(keyword);
    }
    // The receita's type follows its items (prescriptions/check-receita.ts).
    expect(answerKeys('receita')).toEqual(['items']);
  });

  it('stores a property with its sources mapped, texts tidied, and entries that say nothing dropped', () => {
    const items = [
      prescribed(['T4', 'T9', 'E1', 'C'], {
        medication: ' Dipirona\u0007 ',
        dose: 'Não informado.',
        instructions: 'Cafe\u0301 da manhã',
        route: '',
      }),
      prescribed(['T4'], { medication: '', dose: '', form: '', instructions: '', route: '', continuous: true }),
    ];
    expect(toStoredProperty('receita', 'items', items, context)).toEqual([
      prescribed({ ...T4, user_context: true }, { dose: '', instructions: 'Café da manhã', route: '' }),
    ]);
    // An empty text cites nothing.
    expect(toStoredProperty('encaminhamento', 'question', { text: '  ', sources: ['T4'] }, context)).toEqual({
      text: '',
      sources: NONE,
    });
  });

  it('refuses what is not of the kind, and what the server fills itself', () => {
    expect(toStoredProperty('exames', 'items', [{ exam: 7 }], context)).toBeUndefined();
    expect(toStoredProperty('exames', 'clinical_indication', 'texto', context)).toBeUndefined();
    expect(toStoredProperty('receita', 'type', 'simples', context)).toBeUndefined();
    expect(toStoredProperty('atestado', 'cid', { code: 'I10', description: 'x' }, context)).toBeUndefined();
    expect(toStoredProperty('receita', 'other', 'x', context)).toBeUndefined();
  });

  it('keeps the professional’s days over the model’s, and empties days and dates that cannot be', () => {
    const days = (value: unknown, request = REQUEST) =>
      toStoredProperty('atestado', 'days', value, { ...context, request });
    expect(days(5)).toBe(5);
    expect(days(0)).toBeNull();
    expect(days(400)).toBeNull();
    expect(days('3')).toBeNull();
    expect(days(5, { ...REQUEST, days: 2 })).toBe(2);
    expect(toStoredProperty('atestado', 'start_date', '2026-02-30', context)).toBeNull();
    expect(toStoredProperty('atestado', 'start_date', '2026-03-02', context)).toBe('2026-03-02');
  });

  it('completes an atestado with the CID chosen for it, and without period sources when it has no period', () => {
    const answer = {
      days: null,
      start_date: null,
      purpose: { text: 'Repouso', sources: ['T4'] },
      period_sources: ['T4'],
    };
    const cid = { code: 'J11.1', description: 'Influenza' };
    const allowed = { ...context, request: { ...REQUEST, include_cid: true }, confirmedCodes: [cid] };
    expect(toStoredContent('atestado', answer, allowed)).toEqual({
      days: null,
      start_date: null,
      purpose: { text: 'Repouso', sources: T4 },
      period_sources: NONE,
      cid,
    });
    expect(toStoredContent('atestado', { ...answer, days: 2 }, context)).toMatchObject({
      period_sources: T4,
      cid: null,
    });
    expect(toStoredContent('atestado', { days: 2 }, context)).toBeUndefined();
    // Without the patient's authorisation, no code, whatever was confirmed.
    const refused = { ...allowed, request: REQUEST };
    expect(toStoredContent('atestado', answer, refused)).toMatchObject({ cid: null });
  });

  it("gives an exames every confirmed code, never one of the model's", () => {
    const codes = [
      { code: 'R51', description: 'Cefaléia' },
      { code: 'I10', description: 'Hipertensão essencial (primária)' },
    ];
    const answer = {
      items: [],
      clinical_indication: { text: 'Cefaleia', sources: ['T4'] },
      cids: [{ code: 'X99.9', description: 'Inventado' }],
    };
    expect(toStoredContent('exames', answer, { ...context, confirmedCodes: codes })).toMatchObject({ cids: codes });
    expect(toStoredContent('exames', answer, context)).toMatchObject({ cids: [] });
  });
});
