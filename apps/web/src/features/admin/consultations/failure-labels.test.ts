import { describe, expect, it } from 'vitest';
import { countFailures, describeFailureRef, FAILURE_JOB_LABELS } from './failure-labels';

describe('consultation failures', () => {
  it('names what failed in each job', () => {
    const at = '2026-11-20T12:00:00.000Z';
    expect(describeFailureRef({ job: 'transcription', ref: '7', reason: null, at })).toBe('trecho nº 7');
    expect(describeFailureRef({ job: 'evidence', ref: '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', reason: null, at })).toBe(
      'arquivo 3f2a9c1e',
    );
    expect(describeFailureRef({ job: 'anamnesis', ref: '2', reason: null, at })).toBe('versão 2');
    expect(describeFailureRef({ job: 'document', ref: '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f', reason: null, at })).toBe(
      'documento 9c0d1e2f',
    );
    expect(FAILURE_JOB_LABELS.document).toBe('Geração de documento');
  });

  it('adds up the failures of every job from the counts', () => {
    const counts = {
      chunks: 12,
      failed_chunks: 1,
      evidences: 3,
      unreadable_evidences: 2,
      anamnesis_versions: 4,
      failed_generations: 1,
      documents: 3,
      failed_documents: 2,
    };
    expect(countFailures(counts)).toBe(6);
    expect(
      countFailures({
        ...counts,
        failed_chunks: 0,
        unreadable_evidences: 0,
        failed_generations: 0,
        failed_documents: 0,
      }),
    ).toBe(0);
  });
});
