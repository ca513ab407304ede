import { describe, expect, it } from 'vitest';
import { hasSources, type TFieldSources } from '@escriba/contract';
import { evidenceSourceNote, sourceLabels } from './source-labels';

const EXAM = '5d1f0c1e-2a51-4d0c-9a53-2f9cf0c1d001';
const PHOTO = '5d1f0c1e-2a51-4d0c-9a53-2f9cf0c1d002';

describe('sourceLabels', () => {
  it('joins consecutive transcript segments into one time range and keeps gaps apart', () => {
    const labels = sourceLabels({
      transcript: [
        { seq: 9, start: 78, end: 84 },
        { seq: 7, start: 70, end: 74 },
        { seq: 8, start: 74, end: 78 },
        { seq: 12, start: 3700, end: 3706 },
      ],
      evidence: [],
      user_context: false,
    });
    expect(labels).toEqual([
      { kind: 'transcript', label: 'Transcrição 01:10–01:24', seqs: [7, 8, 9] },
      { kind: 'transcript', label: 'Transcrição 1:01:40–1:01:46', seqs: [12] },
    ]);
  });

  it('names evidence by file and page, once each, then the consultation context', () => {
    const labels = sourceLabels({
      transcript: [],
      evidence: [
        { evidence_id: EXAM, file_name: 'exame.pdf', page: 2 },
        { evidence_id: EXAM, file_name: 'exame.pdf', page: 2 },
        { evidence_id: PHOTO, file_name: null, page: null },
      ],
      user_context: true,
    });
    expect(labels.map((label) => label.label)).toEqual(['exame.pdf, p. 2', 'Evidência', 'Contexto da consulta']);
    expect(labels[0]).toMatchObject({ kind: 'evidence', evidenceId: EXAM, page: 2 });
  });

  it('tells a field with no source', () => {
    expect(hasSources({ transcript: [], evidence: [], user_context: false })).toBe(false);
    expect(hasSources({ transcript: [], evidence: [], user_context: true })).toBe(true);
    const earlier = [{ consultation_id: EXAM, date: '2026-03-12' }];
    expect(hasSources({ transcript: [], evidence: [], user_context: false, consultations: earlier })).toBe(true);
    expect(hasSources({ transcript: [], evidence: [], user_context: false, consultations: [] })).toBe(false);
  });

  it('names what the professional typed after the context, and counts it as a source', () => {
    const sources = { transcript: [], evidence: [], user_context: true, typed: ['chief_complaint', 'patient_notes'] };
    expect(sourceLabels(sources as TFieldSources)).toEqual([
      { kind: 'context', label: 'Contexto da consulta' },
      { kind: 'context', label: 'Queixa principal' },
      { kind: 'context', label: 'Observações do paciente' },
    ]);
    expect(hasSources({ transcript: [], evidence: [], user_context: false, typed: ['title'] })).toBe(true);
  });

  it('names an earlier consultation by its day, after the material of this one', () => {
    const labels = sourceLabels({
      transcript: [],
      evidence: [],
      user_context: true,
      consultations: [{ consultation_id: EXAM, date: '2026-03-12' }],
    });
    expect(labels).toEqual([
      { kind: 'context', label: 'Contexto da consulta' },
      { kind: 'consultation', label: 'consulta de 12/03/2026', consultationId: EXAM },
    ]);
  });
});

describe('evidenceSourceNote', () => {
  it('names the field and the pages, or the whole file', () => {
    expect(evidenceSourceNote('Conduta', [3, 1])).toBe('Fonte de “Conduta”: pp. 1 e 3');
    expect(evidenceSourceNote('Conduta', [2])).toBe('Fonte de “Conduta”: p. 2');
    expect(evidenceSourceNote('Conduta', [null])).toBe('Fonte de “Conduta”: o arquivo todo');
  });
});
