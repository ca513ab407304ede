import type { TPartialTranscript } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { consultationState } from './consultation-state';

function transcript(change: Partial<TPartialTranscript>): TPartialTranscript {
  return {
    mode: 'cloud',
    whisper_size: null,
    state: 'recording',
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

const EMPTY_OUTBOX = { waitingChunks: 0, isStopWaiting: false };

describe('consultationState', () => {
  it('is recording from the moment the microphone opens, before the server has any chunk', () => {
    const state = consultationState({
      status: 'draft',
      phase: 'recording',
      transcript: transcript({}),
      outbox: EMPTY_OUTBOX,
    });
    expect(state).toBe('recording');
    expect(
      consultationState({ status: 'recording', phase: 'paused', transcript: undefined, outbox: EMPTY_OUTBOX }),
    ).toBe('paused');
  });

  it('is transcribing after the stop while chunks or the stop wait, or the server still transcribes', () => {
    const stopped = { status: 'draft' as const, phase: 'idle' as const };
    const recorded = transcript({ next_seq: 3 });
    expect(
      consultationState({ ...stopped, transcript: recorded, outbox: { waitingChunks: 0, isStopWaiting: true } }),
    ).toBe('transcribing');
    expect(
      consultationState({ ...stopped, transcript: recorded, outbox: { waitingChunks: 2, isStopWaiting: false } }),
    ).toBe('transcribing');
    expect(
      consultationState({
        ...stopped,
        transcript: transcript({ state: 'stopping', next_seq: 3 }),
        outbox: EMPTY_OUTBOX,
      }),
    ).toBe('transcribing');
    expect(
      consultationState({
        ...stopped,
        transcript: transcript({ state: 'stopped', next_seq: 3, pending: 1 }),
        outbox: EMPTY_OUTBOX,
      }),
    ).toBe('transcribing');
  });

  it('is transcribed once the stopped transcript is complete, and a draft only with nothing recorded', () => {
    const idle = { status: 'draft' as const, phase: 'idle' as const, outbox: EMPTY_OUTBOX };
    expect(consultationState({ ...idle, transcript: transcript({ state: 'stopped', next_seq: 3 }) })).toBe(
      'transcribed',
    );
    expect(consultationState({ ...idle, transcript: transcript({ next_seq: 0 }) })).toBe('draft');
    expect(consultationState({ ...idle, transcript: undefined })).toBe('draft');
  });

  it('says a recording left open without a microphone here is interrupted', () => {
    const state = consultationState({
      status: 'recording',
      phase: 'idle',
      transcript: transcript({ next_seq: 4 }),
      outbox: EMPTY_OUTBOX,
    });
    expect(state).toBe('interrupted');
  });

  it('is done whenever the professional concluded the consultation, and processing while the assistant drafts', () => {
    const finished = transcript({ state: 'stopped', next_seq: 3 });
    expect(consultationState({ status: 'done', phase: 'idle', transcript: finished, outbox: EMPTY_OUTBOX })).toBe(
      'done',
    );
    expect(consultationState({ status: 'processing', phase: 'idle', transcript: finished, outbox: EMPTY_OUTBOX })).toBe(
      'processing',
    );
  });
});
