import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { NOISE_KINDS, noiseChunk, speechChunk } from '../../../test/noisy-audio';
import { confirmConsent, postChunk, waitForTranscript } from '../../../test/transcription-requests';
import { seqOf } from '../../../test/whisper-fixture';
import { useWhisperTestApp } from '../../../test/whisper-test-app';

const SENTENCE = 'Bom dia, doutora. Estou com dor de cabeça há três dias.';

const t = useWhisperTestApp();

async function recording() {
  const user = await createLoggedInUser(t.app);
  const consultation = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, consultation.id);
  return { user, consultation };
}

describe("a chunk the recorder's voice activity detector marked (issue 34)", () => {
  it('as speech is never dropped by the speech gate; one that says nothing still goes through it', async () => {
    const { user, consultation } = await recording();
    const noise = await noiseChunk(NOISE_KINDS[0]!);
    const marked = await postChunk(t.app, user.headers, consultation.id, '0&speech=detected', noise);
    expect(marked.statusCode, marked.body).toBe(202);
    const unmarked = await postChunk(t.app, user.headers, consultation.id, 1, noise);
    expect(unmarked.statusCode, unmarked.body).toBe(202);
    const transcript = await waitForTranscript(t.app, user.headers, consultation.id, (each) => each.pending === 0);
    expect(transcript.text).toBe('trecho 0');
    expect(t.fixture.requests.map(seqOf)).toEqual([0]);
  });

  it("moves its own start and every later chunk's by the silence not sent before it", async () => {
    const { user, consultation } = await recording();
    const speech = await speechChunk(SENTENCE, -25);
    for (const seq of ['0', '1&speech=detected&silence_ms=3000', '2&speech=detected']) {
      const response = await postChunk(t.app, user.headers, consultation.id, seq, speech);
      expect(response.statusCode, response.body).toBe(202);
    }
    const transcript = await waitForTranscript(t.app, user.headers, consultation.id, (each) => each.pending === 0);
    // Each chunk is 5 s of audio; 3 s of silence were heard and not sent between the first two.
    expect(transcript.segments.map(({ seq, start, end }) => ({ seq, start, end }))).toEqual([
      { seq: 0, start: 0, end: 5 },
      { seq: 1, start: 8, end: 13 },
      { seq: 2, start: 13, end: 18 },
    ]);
  });

  it('refuses a speech field other than detected, saying what to send', async () => {
    const { user, consultation } = await recording();
    const response = await postChunk(
      t.app,
      user.headers,
      consultation.id,
      '0&speech=yes',
      await speechChunk(SENTENCE, -25),
    );
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('speech=detected');
  });
});
