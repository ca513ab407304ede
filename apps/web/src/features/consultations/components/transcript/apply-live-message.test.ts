import type { TPartialTranscript } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, isInterim, liveTranscriptAction } from './apply-live-message';

const ID = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d001';
const EMPTY: TPartialTranscript = {
  mode: 'faster-whisper',
  whisper_size: 'small',
  state: 'recording',
  next_seq: 3,
  provider_status: 'ok',
  provider_detail: null,
  segments: [{ seq: 0, index: 0, start: 0, end: 7, text: 'Bom dia.', speaker: 'profissional' }],
  text: 'Bom dia.',
  pending: 2,
  failed_chunks: [],
  recorded_seconds: 7,
};

describe('applyLiveMessage', () => {
  it('puts each transcribed chunk in seq order, whatever order they arrive in, and counts it off pending', () => {
    const later = applyLiveMessage(EMPTY, {
      type: 'transcript',
      consultation_id: ID,
      seq: 2,
      start: 14,
      end: 20,
      text: 'Desde ontem.',
    });
    const both = applyLiveMessage(later, {
      type: 'transcript',
      consultation_id: ID,
      seq: 1,
      start: 7,
      end: 14,
      text: 'Dor de cabeça.',
    });
    expect(both.segments.map((segment) => segment.seq)).toEqual([0, 1, 2]);
    expect(both.text).toBe('Bom dia.\nDor de cabeça.\nDesde ontem.');
    expect(both.pending).toBe(0);
    // The recording's length is where the latest chunk ends, whichever arrived last.
    expect(both.recorded_seconds).toBe(20);
  });

  it('counts a repeated message once', () => {
    const message = { type: 'transcript' as const, consultation_id: ID, seq: 1, start: 7, end: 14, text: 'Dor.' };
    const twice = applyLiveMessage(applyLiveMessage(EMPTY, message), message);
    expect(twice.segments).toHaveLength(2);
    expect(twice.pending).toBe(1);
  });

  it('takes a chunk’s segments with who said them, and replaces them when they are sent again relabelled', () => {
    const segment = { seq: 1, start: 7, end: 10, text: 'Dor.', speaker: 'desconhecido' as const };
    const message = {
      type: 'transcript' as const,
      consultation_id: ID,
      seq: 1,
      start: 7,
      end: 14,
      text: 'Dor. Desde ontem.',
      segments: [
        { ...segment, index: 0 },
        { ...segment, index: 1, start: 10, end: 14, text: 'Desde ontem.' },
      ],
    };
    const first = applyLiveMessage(EMPTY, message);
    const relabelled = applyLiveMessage(first, {
      ...message,
      segments: message.segments.map((each) => ({ ...each, speaker: 'paciente' as const })),
    });
    expect(relabelled.segments.map(({ seq, index, speaker }) => [seq, index, speaker])).toEqual([
      [0, 0, 'profissional'],
      [1, 0, 'paciente'],
      [1, 1, 'paciente'],
    ]);
    expect(relabelled.text).toBe('Bom dia.\nDor.\nDesde ontem.');
    expect(relabelled.pending).toBe(1);
  });

  it('shows a chunk’s words so far, grows them in place, and replaces them with its final text', () => {
    const interim = (text: string) => ({
      type: 'transcript' as const,
      consultation_id: ID,
      seq: 1,
      start: 7,
      end: 12,
      text,
      segments: [{ seq: 1, index: 0, start: 7, end: 12, text, speaker: 'desconhecido' as const }],
      interim: true,
    });
    const growing = applyLiveMessage(applyLiveMessage(EMPTY, interim('Dor')), interim('Dor de cabeça'));
    expect(growing.segments.map((segment) => [segment.text, isInterim(segment)])).toEqual([
      ['Bom dia.', false],
      ['Dor de cabeça', true],
    ]);
    // Words so far are neither the transcript's text nor a chunk done.
    expect(growing).toMatchObject({ text: 'Bom dia.', pending: 2 });
    const { interim: _, ...final } = interim('Dor de cabeça forte.');
    const settled = applyLiveMessage(growing, final);
    expect(settled.segments.map((segment) => [segment.text, isInterim(segment)])).toEqual([
      ['Bom dia.', false],
      ['Dor de cabeça forte.', false],
    ]);
    expect(settled).toMatchObject({ text: 'Bom dia.\nDor de cabeça forte.', pending: 1 });
    // A late word after the final changes nothing.
    expect(applyLiveMessage(settled, interim('Dor de'))).toBe(settled);
  });

  it('says the live words are late when the stream fails, until it answers again', () => {
    const detail = 'O texto ao vivo está atrasado (a conexão caiu); o áudio está guardado e será transcrito.';
    const late = applyLiveMessage(EMPTY, { type: 'system', consultation_id: ID, detail });
    expect(late.live_delay).toBe(detail);
    expect(liveTranscriptAction({ type: 'system', consultation_id: ID, detail }, ID)).toBe('apply');
    const stillLate = applyLiveMessage(late, { type: 'transcript', consultation_id: ID, seq: 1, text: 'Dor.' });
    expect(stillLate.live_delay).toBe(detail);
    const words = { type: 'transcript' as const, consultation_id: ID, seq: 2, text: 'Desde', interim: true };
    expect(applyLiveMessage(stillLate, words).live_delay).toBeUndefined();
  });

  it('shows the provider trouble a system message reports, and clears it when transcription resumes', () => {
    const down = applyLiveMessage(EMPTY, {
      type: 'system',
      consultation_id: ID,
      provider_status: 'unavailable',
      detail: 'O serviço de transcrição não responde',
    });
    expect(down).toMatchObject({
      provider_status: 'unavailable',
      provider_detail: 'O serviço de transcrição não responde',
    });
    const back = applyLiveMessage(down, {
      type: 'system',
      consultation_id: ID,
      provider_status: 'ok',
      detail: 'Transcrição retomada',
    });
    expect(back).toMatchObject({ provider_status: 'ok', provider_detail: null });
  });
});

describe('liveTranscriptAction', () => {
  it('reads the transcript again on every (re)connection and on end, applies its own messages, ignores others', () => {
    expect(liveTranscriptAction({ type: 'system', status_code: 200, detail: 'connected' }, ID)).toBe('refetch');
    expect(liveTranscriptAction({ type: 'end', consultation_id: ID }, ID)).toBe('refetch');
    expect(liveTranscriptAction({ type: 'transcript', consultation_id: ID, seq: 0, text: 'Oi.' }, ID)).toBe('apply');
    const failure = { type: 'system', consultation_id: ID, seq: 3, detail: 'Não foi possível transcrever' } as const;
    expect(liveTranscriptAction(failure, ID)).toBe('refetch');
    const providerDown = { type: 'system', consultation_id: ID, provider_status: 'unavailable' } as const;
    expect(liveTranscriptAction(providerDown, ID)).toBe('apply');
    const other = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d002';
    expect(liveTranscriptAction({ type: 'transcript', consultation_id: other, seq: 0, text: 'Oi.' }, ID)).toBe(
      'ignore',
    );
    expect(liveTranscriptAction({ type: 'end', consultation_id: other }, ID)).toBe('ignore');
  });

  it("leaves the anamnesis's messages (its own end and failures carry its id) to the anamnesis pane", () => {
    const anamnesisId = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d101';
    expect(liveTranscriptAction({ type: 'end', consultation_id: ID, anamnesis_id: anamnesisId }, ID)).toBe('ignore');
    const failed = { type: 'system', consultation_id: ID, anamnesis_id: anamnesisId, status_code: 502 } as const;
    expect(liveTranscriptAction(failed, ID)).toBe('ignore');
    const field = { type: 'anamnesis', consultation_id: ID, anamnesis_id: anamnesisId, field_id: 'qp' } as const;
    expect(liveTranscriptAction(field, ID)).toBe('ignore');
  });

  it("leaves a document's messages (its parts, end and failure carry its id and kind) to the documents", () => {
    const document = {
      consultation_id: ID,
      document_id: '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d201',
      kind: 'receita',
    } as const;
    expect(liveTranscriptAction({ type: 'end', ...document }, ID)).toBe('ignore');
    expect(liveTranscriptAction({ type: 'system', ...document, status_code: 502, detail: 'Falhou.' }, ID)).toBe(
      'ignore',
    );
    expect(liveTranscriptAction({ type: 'anamnesis', ...document, field_id: 'items' }, ID)).toBe('ignore');
  });
});
