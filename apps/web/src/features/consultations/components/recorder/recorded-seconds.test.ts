import type { TPartialTranscript } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { recordedSeconds } from './recorded-seconds';

function transcript(change: Partial<TPartialTranscript>): TPartialTranscript {
  return {
    mode: 'cloud',
    whisper_size: null,
    state: 'stopped',
    next_seq: 0,
    provider_status: 'ok',
    provider_detail: null,
    segments: [],
    text: '',
    pending: 0,
    failed_chunks: [],
    ...change,
  };
}

describe('recordedSeconds', () => {
  it('is where the last placed chunk ends, silent or failed ones included', () => {
    const segments = [
      { seq: 0, index: 0, start: 0, end: 3.4, text: 'Bom dia.', speaker: 'profissional' as const },
      { seq: 1, index: 0, start: 3.4, end: 10.1, text: '', speaker: 'desconhecido' as const },
    ];
    expect(recordedSeconds(transcript({ segments }), 0)).toBeCloseTo(10.1);
    const failed = [{ seq: 2, start: 10.1, end: 17, reason: 'áudio corrompido' }];
    expect(recordedSeconds(transcript({ segments, failed_chunks: failed }), 0)).toBeCloseTo(17);
  });

  it('adds the chunks still waiting in the browser', () => {
    const segments = [{ seq: 0, index: 0, start: 0, end: 5, text: 'Bom dia.', speaker: 'paciente' as const }];
    expect(recordedSeconds(transcript({ segments }), 13.5)).toBeCloseTo(18.5);
    expect(recordedSeconds(undefined, 6)).toBe(6);
  });

  it('is zero before anything is recorded', () => {
    expect(recordedSeconds(undefined, 0)).toBe(0);
    expect(recordedSeconds(transcript({}), 0)).toBe(0);
  });
});
