import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { dyingVoiceActivity } from '../../../test/dying-voice-activity';
import { createLoggedInUser } from '../../../test/factories';
import { speechChunk } from '../../../test/noisy-audio';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmConsent, postChunk, waitForTranscript } from '../../../test/transcription-requests';
import { seqOf, WhisperFixture } from '../../../test/whisper-fixture';
import type { Config } from '../../config';
import { readPcmWav } from './audio/decode-audio';
import { findSpeech } from './audio/speech-gate';

const SENTENCE = 'Bom dia, doutora. Estou com dor de cabeça há três dias.';
const dying = dyingVoiceActivity(1);

let fixture: WhisperFixture;
let t: TestApp;
beforeAll(async () => {
  fixture = await WhisperFixture.start();
  t = await createTestApp(withFixture, undefined, { voiceActivityScript: dying.script });
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

function withFixture(config: Config): Config {
  const { transcription } = config;
  return {
    ...config,
    transcription: { ...transcription, whisper: { ...transcription.whisper, url: fixture.baseUrl } },
  };
}

describe('the voice activity threads', () => {
  it('transcribe a chunk whose thread died on the thread that replaced it', async () => {
    const user = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, user.headers);
    await confirmConsent(t.app, user.headers, consultation.id);
    const response = await postChunk(t.app, user.headers, consultation.id, 0, await speechChunk(SENTENCE, -25));
    expect(response.statusCode, response.body).toBe(202);
    const transcript = await waitForTranscript(
      t.app,
      user.headers,
      consultation.id,
      (each) => each.segments.length > 0,
    );
    expect(transcript.text).toBe('trecho 0');
    expect(fixture.requests.map(seqOf)).toEqual([0]);
    expect(dying.deaths()).toBe(1);
  });

  it('end with the app', async () => {
    const other = await createTestApp(withFixture, t);
    const audio = readPcmWav(await speechChunk(SENTENCE, -25))!;
    expect(await findSpeech(other.app.voiceActivity, audio)).toBeDefined();
    await other.close();
    await expect(findSpeech(other.app.voiceActivity, audio)).rejects.toThrow('closed');
  });
});
