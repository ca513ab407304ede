import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhisperFixture } from '../../../test/whisper-fixture';
import { OpenAiCompatibleAsr } from './openai-compatible-asr';

let fixture: WhisperFixture;
beforeAll(async () => {
  fixture = await WhisperFixture.start();
});
afterAll(() => fixture.close());

const provider = (model: string) =>
  new OpenAiCompatibleAsr({
    baseUrl: fixture.baseUrl,
    apiKey: undefined,
    model,
    timeoutMs: 5_000,
    label: 'O serviço de transcrição',
    isModelDownloadedOnDemand: false,
    apiKeyVariable: 'TRANSCRIPTION_API_KEY',
  });
const audio = { data: Buffer.from('RIFF'), fileName: '0.wav', contentType: 'audio/wav' };

describe('OpenAI-compatible transcription', () => {
  it('keeps the speaker of each segment a diarizing server names, and none where it names none', async () => {
    fixture.behave = () => ({
      segments: [
        { start: 0, end: 1, text: ' Bom dia. ', speaker: 'SPEAKER_00' },
        { start: 1, end: 2, text: 'Bom dia, doutora.', speaker: 1 },
        { start: 2, end: 3, text: 'Sem voz.' },
      ],
    });
    const result = await provider('Systran/faster-whisper-small').transcribe(audio);
    expect(result.segments.map(({ text, speaker }) => [text, speaker])).toEqual([
      ['Bom dia.', 'SPEAKER_00'],
      ['Bom dia, doutora.', '1'],
      ['Sem voz.', undefined],
    ]);
    expect(fixture.requests.at(-1)!.responseFormat).toBe('verbose_json');
  });

  it('asks OpenAI’s diarizing model for diarized_json', async () => {
    fixture.behave = () => ({
      segments: [{ type: 'transcript.text.segment', start: 0, end: 1, text: 'Oi.', speaker: 'A' }],
    });
    const result = await provider('gpt-4o-transcribe-diarize').transcribe(audio);
    expect(result.segments[0]).toMatchObject({ text: 'Oi.', speaker: 'A' });
    expect(fixture.requests.at(-1)!.responseFormat).toBe('diarized_json');
  });
});
