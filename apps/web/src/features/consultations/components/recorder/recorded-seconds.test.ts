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
    recorded_seconds: 0,
    ...change,
  };
}

describe('recordedSeconds', () => {
  it('is where the last decoded chunk ends, past the last words said in it', () => {
    const segments = [{ seq: 0, index: 0, start: 0, end: 3.4, text: 'Bom dia.', speaker: 'profissional' as const }];
    expect(recordedSeconds(transcript({ segments, recorded_seconds: 6 }), 0)).toBe(6);
  });

  it('adds the chunks still waiting in the browser', () => {
    expect(recordedSeconds(transcript({ recorded_seconds: 5 }), 13.5)).toBeCloseTo(18.5);
    expect(recordedSeconds(undefined, 6)).toBe(6);
  });

  it('is zero before anything is recorded', () => {
    expect(recordedSeconds(undefined, 0)).toBe(0);
    expect(recordedSeconds(transcript({}), 0)).toBe(0);
  });
});
