import { afterAll, describe, expect, it } from 'vitest';
import { NOISE_KINDS, noiseChunk, speechChunk } from '../../../../test/noisy-audio';
import { silentWav } from '../../../../test/speech';
import { readPcmWav } from './decode-audio';
import { detectSpeech } from './detect-speech';
import { audioForProvider, findSpeech } from './speech-gate';
import { VoiceActivityPool } from './voice-activity-pool';

const SENTENCE = 'Estou com dor de cabeça há três dias.';
const detector = new VoiceActivityPool();
afterAll(() => detector.close());

function speechIn(wav: Buffer) {
  return findSpeech(detector, readPcmWav(wav)!);
}

describe('speech gate', () => {
  it.each(NOISE_KINDS)('finds no speech in %s, where Whisper invents text', async (kind) => {
    expect(await speechIn(await noiseChunk(kind))).toBeUndefined();
  });

  it('finds no speech in real silence', async () => {
    expect(await speechIn(await silentWav(5))).toBeUndefined();
  });

  it.each(NOISE_KINDS)('finds speech at −45 dBFS over %s 10 dB under it', async (kind) => {
    const found = await speechIn(await speechChunk(SENTENCE, -45, { kind, dbfs: kind === 'dc-offset' ? -60 : -55 }));
    expect(found?.seconds).toBeGreaterThan(1);
    expect(found?.levelDbfs).toBeCloseTo(-45, -1);
  });

  it('keeps speech at −50 dBFS, which the old gate dropped, clean and over pink noise', async () => {
    expect((await speechIn(await speechChunk(SENTENCE, -50)))?.seconds).toBeGreaterThan(1);
    const noisy = await speechIn(await speechChunk(SENTENCE, -50, { kind: 'pink-noise', dbfs: -60 }));
    expect(noisy?.seconds).toBeGreaterThan(1);
  });

  it('sends speech at a usual level as recorded, and quiet speech raised to about −23 dBFS as WAV', async () => {
    const loud = await speechChunk(SENTENCE, -25);
    const original = { data: loud, fileName: '4.webm', contentType: 'audio/webm' };
    expect(await audioForProvider(detector, readPcmWav(loud)!, original)).toBe(original);

    const quiet = await speechChunk(SENTENCE, -50, { kind: 'room-tone', dbfs: -65 });
    const sent = await audioForProvider(detector, readPcmWav(quiet)!, { ...original, data: quiet });
    expect(sent).toMatchObject({ fileName: '4.wav', contentType: 'audio/wav' });
    const raised = await speechIn(sent!.data);
    expect(raised?.levelDbfs).toBeGreaterThan(-26);
    expect(raised?.levelDbfs).toBeLessThan(-20);
    expect(raised?.seconds).toBeGreaterThan(1);
  });

  it('sends nothing for a chunk of non-speech', async () => {
    const hum = await noiseChunk('hum');
    expect(
      await audioForProvider(detector, readPcmWav(hum)!, { data: hum, fileName: '2.wav', contentType: 'audio/wav' }),
    ).toBe(undefined);
  });
});

describe('speech gate for a chunk the recorder heard speech in', () => {
  const sileroNeverRuns = {
    speechProbabilities: () => Promise.reject(new Error('Silero ran on a chunk the recorder had read')),
  };

  it('raises quiet speech without running Silero again', async () => {
    const quiet = await speechChunk(SENTENCE, -50, { kind: 'room-tone', dbfs: -65 });
    const found = await detectSpeech(sileroNeverRuns, readPcmWav(quiet)!.samples, true);
    expect(found?.seconds).toBeGreaterThan(1);
    expect(found?.raisedWav).toBeDefined();
  });

  it('sends it as recorded where the server hears only noise, never dropping it', async () => {
    const hum = await noiseChunk('hum');
    const original = { data: hum, fileName: '3.wav', contentType: 'audio/wav' };
    expect(await audioForProvider(detector, readPcmWav(hum)!, original, true)).toBeDefined();
    expect(await audioForProvider(detector, readPcmWav(await silentWav(5))!, original, true)).toBe(original);
  });
});
