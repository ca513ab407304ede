import type { TAnamnesisVersion, TFieldSources, TLiveMessage } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  liveAnamnesisEffect,
  missingFields,
  shownFields,
  startLive,
  storedVersions,
  type LiveGeneration,
  unverifiedStatements,
} from './note-state';

const CONSULTATION = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d001';
const NOTE_ID = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d101';
const NEXT_ID = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d102';
const NONE: TFieldSources = { transcript: [], evidence: [], user_context: false };
const HEARD: TFieldSources = { transcript: [{ seq: 1, start: 7, end: 14 }], evidence: [], user_context: false };

const TEMPLATE_FIELDS = [
  { id: 'qp', title: 'Queixa principal', instructions: '', kind: 'short' as const },
  { id: 'hda', title: 'História da doença atual', instructions: '', kind: 'text' as const },
  { id: 'conduta', title: 'Conduta', instructions: '', kind: 'text' as const },
];

function version(overrides: Partial<TAnamnesisVersion> = {}): TAnamnesisVersion {
  return {
    id: NOTE_ID,
    consultation_id: CONSULTATION,
    version: 1,
    number: 1,
    kind: 'generation',
    status: 'ready',
    field_id: null,
    instruction: null,
    template_fields: TEMPLATE_FIELDS,
    fields: TEMPLATE_FIELDS.map((field) => ({
      field_id: field.id,
      title: field.title,
      text: `${field.title} v1.`,
      sources: NONE,
      edited: false,
      statements: [{ text: `${field.title} v1.`, sources: NONE, status: 'verified' as const, reason: null }],
    })),
    failure: null,
    provenance: {
      template: { id: NOTE_ID, name: 'Anamnese completa' },
      persona: null,
      prompts: [],
      model: null,
      inputs: { transcript: null, evidence_ids: [], patient_id: NOTE_ID, user_context: false, condensed: false },
      style_preferences: null,
      reviews: [],
    },
    created_at: '2026-03-14T14:20:00.000Z',
    finished_at: '2026-03-14T14:20:09.000Z',
    ...overrides,
  };
}

const fieldMessage = (fieldId: string, text: string, anamnesisId = NEXT_ID): TLiveMessage => ({
  type: 'anamnesis',
  consultation_id: CONSULTATION,
  anamnesis_id: anamnesisId,
  field_id: fieldId,
  text,
  sources: HEARD,
  statements: [{ text, sources: HEARD, status: 'unverified', reason: 'lado direito na fonte, esquerdo na nota' }],
});

function follow(live: LiveGeneration, ...messages: TLiveMessage[]): LiveGeneration {
  return messages.reduce((current, message) => {
    const effect = liveAnamnesisEffect(message, CONSULTATION, current);
    if (effect.type !== 'field' && effect.type !== 'end') throw new Error(`unexpected ${effect.type}`);
    return effect.live;
  }, live);
}

describe('a whole note generated live', () => {
  const generating = version({ id: NEXT_ID, version: 2, status: 'generating', fields: [] });

  it('fills the template fields one by one, the others waiting', () => {
    const live = follow(startLive(generating), fieldMessage('qp', 'Cefaleia há três semanas.'));
    const cards = shownFields(version(), live);
    expect(cards.map((card) => [card.fieldId, card.state, card.text])).toEqual([
      ['qp', 'ready', 'Cefaleia há três semanas.'],
      ['hda', 'waiting', ''],
      ['conduta', 'waiting', ''],
    ]);
    expect(cards[0]!.sources).toEqual(HEARD);
    expect(cards[0]!.statements).toEqual([
      {
        text: 'Cefaleia há três semanas.',
        sources: HEARD,
        status: 'unverified',
        reason: 'lado direito na fonte, esquerdo na nota',
      },
    ]);
    expect(unverifiedStatements([{ field_id: 'qp', title: 'Queixa', statements: cards[0]!.statements }])).toEqual([
      { fieldId: 'qp', title: 'Queixa', index: 0, statement: cards[0]!.statements[0] },
    ]);
    expect(missingFields(live)).toBe(2);
  });

  it('an end that overtakes the paced fields marks the generation ended, with fields still awaited', () => {
    const live = follow(startLive(generating), fieldMessage('qp', 'Cefaleia.'), {
      type: 'end',
      consultation_id: CONSULTATION,
      anamnesis_id: NEXT_ID,
    });
    expect(live.isEnded).toBe(true);
    expect(missingFields(live)).toBe(2);
  });

  it('a failure of the followed generation says what happened; the stored note stands', () => {
    const live = startLive(generating);
    const failure: TLiveMessage = {
      type: 'system',
      consultation_id: CONSULTATION,
      anamnesis_id: NEXT_ID,
      status_code: 502,
      detail: 'O provedor demorou demais. O crédito foi devolvido.',
    };
    expect(liveAnamnesisEffect(failure, CONSULTATION, live)).toEqual({
      type: 'failed',
      detail: 'O provedor demorou demais. O crédito foi devolvido.',
    });
    expect(shownFields(version(), null).map((card) => card.text)).toEqual([
      'Queixa principal v1.',
      'História da doença atual v1.',
      'Conduta v1.',
    ]);
  });
});

describe('one field redone', () => {
  const rewriting = version({ id: NEXT_ID, version: 2, kind: 'rewrite', field_id: 'conduta', status: 'generating' });

  it('shows the stored note with the field being worked on until its text arrives', () => {
    const live = startLive(rewriting);
    expect(shownFields(version(), live).map((card) => card.state)).toEqual(['ready', 'ready', 'working']);
    const done = follow(live, fieldMessage('conduta', 'Retorno em 30 dias.'));
    expect(shownFields(version(), done).map((card) => card.text)).toEqual([
      'Queixa principal v1.',
      'História da doença atual v1.',
      'Retorno em 30 dias.',
    ]);
    expect(missingFields(done)).toBe(0);
  });
});

describe('messages that are not the followed generation', () => {
  it("ignores other consultations and the transcription's own end", () => {
    const live = startLive(version({ id: NEXT_ID, status: 'generating', fields: [] }));
    expect(liveAnamnesisEffect(fieldMessage('qp', 'x', NEXT_ID), 'another', live)).toEqual({ type: 'none' });
    expect(liveAnamnesisEffect({ type: 'end', consultation_id: CONSULTATION }, CONSULTATION, live)).toEqual({
      type: 'none',
    });
  });

  it("ignores a document's parts, end and failure, which carry its id and kind but no anamnesis_id", () => {
    const document = { consultation_id: CONSULTATION, document_id: NEXT_ID, kind: 'receita' } as const;
    const messages: TLiveMessage[] = [
      { type: 'anamnesis', ...document, field_id: 'items', value: [] },
      { type: 'end', ...document },
      { type: 'system', ...document, status_code: 502, detail: 'O serviço de geração de texto falhou.' },
    ];
    // Whether the page follows a note's generation or none, a document's messages change nothing of the note.
    for (const live of [startLive(version({ id: NEXT_ID, status: 'generating', fields: [] })), null]) {
      for (const message of messages)
        expect(liveAnamnesisEffect(message, CONSULTATION, live)).toEqual({ type: 'none' });
    }
  });

  it('reads the note again on reconnection and when another tab generates', () => {
    expect(liveAnamnesisEffect({ type: 'system', status_code: 200 }, CONSULTATION, null)).toEqual({ type: 'refetch' });
    expect(liveAnamnesisEffect(fieldMessage('qp', 'x'), CONSULTATION, null)).toEqual({ type: 'refetch' });
  });
});

describe('storedVersions', () => {
  it('lists ready versions once each, newest first', () => {
    const v1 = version();
    const v2 = version({ id: NEXT_ID, version: 2, kind: 'edit' });
    const failed = version({ id: '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d103', version: 3, status: 'failed' });
    expect(
      storedVersions({ latest: failed, versions: [failed, v2, v1], diagnoses: [] }).map((item) => item.version),
    ).toEqual([2, 1]);
  });
});

describe('a live field citing what the professional typed', () => {
  it('keeps the typed inputs it names and drops a name it does not know', () => {
    const generating = version({ id: NEXT_ID, version: 2, status: 'generating', fields: [] });
    const message = fieldMessage('qp', 'PA 150x100 em casa.');
    const sources = { ...HEARD, typed: ['chief_complaint', 'desconhecido'] };
    const live = follow(startLive(generating), { ...message, sources });
    expect(shownFields(version(), live)[0]!.sources).toEqual({ ...HEARD, typed: ['chief_complaint'] });
  });
});
