import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { NOISE_KINDS, noiseChunk, speechChunk } from '../../../test/noisy-audio';
import { confirmConsent, postChunk, waitForTranscript } from '../../../test/transcription-requests';
import { seqOf } from '../../../test/whisper-fixture';
import { useWhisperTestApp } from '../../../test/whisper-test-app';
import { readPcmWav } from './audio/decode-audio';
import { findSpeech } from './audio/speech-gate';

const SENTENCE = 'Bom dia, doutora. Estou com dor de cabeça há três dias.';

const t = useWhisperTestApp();

describe('what reaches the provider', () => {
  it('is every chunk of speech at −45 dBFS or louder, noisy or not, and at −50; never one of non-speech', async () => {
    const user = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, user.headers);
    await confirmConsent(t.app, user.headers, consultation.id);
    t.fixture.behave = () => ({});
    const chunks = await Promise.all([
      speechChunk(SENTENCE, -25, { kind: 'pink-noise', dbfs: -45 }),
      ...NOISE_KINDS.map((kind) => noiseChunk(kind)),
      speechChunk(SENTENCE, -45, { kind: 'hum', dbfs: -55 }),
      speechChunk(SENTENCE, -45, { kind: 'air-conditioning', dbfs: -55 }),
      speechChunk(SENTENCE, -50, { kind: 'room-tone', dbfs: -65 }),
    ]);
    for (const [seq, chunk] of chunks.entries()) {
      const response = await postChunk(t.app, user.headers, consultation.id, seq, chunk);
      expect(response.statusCode, response.body).toBe(202);
    }
    const transcript = await waitForTranscript(
      t.app,
      user.headers,
      consultation.id,
      (each) => each.segments.length === chunks.length,
    );
    expect(transcript.text).toBe('trecho 0\ntrecho 6\ntrecho 7\ntrecho 8');
    const sent = t.fixture.requests;
    expect(sent.map(seqOf).sort((a, b) => a - b)).toEqual([0, 6, 7, 8]);

    // Speech at a usual level goes as recorded; quiet speech goes raised, with its noise floor under it.
    const bySeq = new Map(sent.map((request) => [seqOf(request), request.file]));
    expect(bySeq.get(0)!.equals(chunks[0])).toBe(true);
    for (const seq of [6, 7, 8]) {
      const raised = await findSpeech(t.app.voiceActivity, readPcmWav(bySeq.get(seq)!)!);
      expect(raised?.levelDbfs, `chunk ${seq}`).toBeGreaterThan(-26);
      expect(raised?.seconds, `chunk ${seq}`).toBeGreaterThan(1);
    }
  });
});
