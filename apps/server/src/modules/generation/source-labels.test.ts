import { describe, expect, it } from 'vitest';
import { toClock } from '../transcription/chunk-timeline';
import { earlierLabel, SourceCatalog, transcriptLabel, type EarlierInput } from './source-labels';

const EVIDENCE = {
  number: 2,
  evidenceId: '0b1f6a52-8d0c-4bde-9d55-3f1f0e7c2a11',
  fileName: 'exame.pdf',
  text: '',
  pages: [{ page: 3, text: 'Glicemia 98 mg/dL.' }],
};
const PHOTO = {
  ...EVIDENCE,
  number: 3,
  evidenceId: '9e6f1c1a-7b5d-4c55-8d7e-0a3b2c1d4e5f',
  fileName: 'foto.jpg',
  pages: null,
};

const EARLIER: EarlierInput[] = [
  { number: 1, id: '3d1c9a4e-5b7f-4e2a-8c6d-1f0e9b8a7c65', date: '2026-03-12' },
  { number: 2, id: '7a2b4c6d-8e0f-4a1b-9c3d-5e7f9a1b3c5d', date: '2025-11-03' },
].map((each) => ({ ...each, title: null, template: 'Clínica geral', fields: [], diagnoses: [] }));

describe('source labels', () => {
  it('labels a segment with its seq and times, past the hour too', () => {
    expect(transcriptLabel({ seq: 12, start: 70, end: 78 })).toBe('[T12 01:10–01:18]');
    expect(toClock(3_723.9)).toBe('1:02:03');
  });

  it('resolves what the model cites to the inputs, dropping what the inputs did not carry', () => {
    const catalog = new SourceCatalog(
      [
        { seq: 12, start: 70, end: 78 },
        { seq: 4, start: 30, end: 38 },
      ],
      [EVIDENCE, PHOTO],
      true,
    );
    expect(
      catalog.resolve([
        '[T12 01:10–01:18]',
        'T4',
        't12',
        'T13',
        'E2 p.3',
        'E2 p3 exame.pdf',
        'E2 p.4',
        'E3',
        'E3 p.1',
        'E9',
        'C',
        'Q1',
        '',
      ]),
    ).toEqual({
      transcript: [
        { seq: 4, start: 30, end: 38 },
        { seq: 12, start: 70, end: 78 },
      ],
      evidence: [
        { evidence_id: EVIDENCE.evidenceId, file_name: 'exame.pdf', page: 3 },
        { evidence_id: PHOTO.evidenceId, file_name: 'foto.jpg', page: null },
      ],
      user_context: true,
    });
  });

  it('writes stored sources back as the labels the inputs carry, so a note cited as input keeps its sources', () => {
    const catalog = new SourceCatalog([{ seq: 4, start: 30, end: 38 }], [EVIDENCE, PHOTO], true);
    const sources = {
      transcript: [
        { seq: 4, start: 30, end: 38 },
        { seq: 7, start: 50, end: 58 },
      ],
      evidence: [
        { evidence_id: EVIDENCE.evidenceId, file_name: 'exame.pdf', page: 3 },
        { evidence_id: PHOTO.evidenceId, file_name: 'foto.jpg', page: null },
        { evidence_id: '5c0a2f6e-1d3b-4e8a-9f7c-2b6d4e8a0c1f', file_name: 'apagado.pdf', page: 1 },
      ],
      user_context: true,
    };
    expect(catalog.labelsOf(sources)).toEqual(['T4', 'E2 p.3', 'E3', 'C']);
    expect(catalog.resolve(catalog.labelsOf(sources))).toEqual({
      transcript: [{ seq: 4, start: 30, end: 38 }],
      evidence: sources.evidence.slice(0, 2),
      user_context: true,
    });
    expect(new SourceCatalog([], [], false).labelsOf(sources)).toEqual([]);
  });

  it('drops the context label when there was no context', () => {
    expect(new SourceCatalog([], [], false).resolve(['C'])).toEqual({
      transcript: [],
      evidence: [],
      user_context: false,
    });
  });

  it('labels an earlier note with its day and resolves it to its consultation, unknown numbers dropped', () => {
    expect(earlierLabel(EARLIER[0]!)).toBe('[A1 12/03/2026]');
    const catalog = new SourceCatalog([], [], false, EARLIER);
    const sources = catalog.resolve(['[A1 12/03/2026]', 'a2', 'A1', 'A3', 'A']);
    expect(sources.consultations).toEqual([
      { consultation_id: EARLIER[0]!.id, date: '2026-03-12' },
      { consultation_id: EARLIER[1]!.id, date: '2025-11-03' },
    ]);
    expect(catalog.labelsOf(sources)).toEqual(['A1', 'A2']);
    expect(new SourceCatalog([], [], false).labelsOf(sources)).toEqual([]);
    expect(catalog.resolve(['A3'])).not.toHaveProperty('consultations');
  });

  it('resolves the typed inputs’ labels only when they were filled, and writes them back', () => {
    const catalog = new SourceCatalog([], [], false, [], new Set(['chief_complaint', 'patient_notes'] as const));
    const sources = catalog.resolve(['[O]', 'q', 'N', 'Q1', 'O2']);
    expect(sources).toEqual({
      transcript: [],
      evidence: [],
      user_context: false,
      typed: ['chief_complaint', 'patient_notes'],
    });
    expect(catalog.labelsOf(sources)).toEqual(['Q', 'O']);
    expect(catalog.isLabel('Q')).toBe(true);
    expect(new SourceCatalog([], [], false).resolve(['Q', 'O'])).not.toHaveProperty('typed');
  });
});
