import { beforeAll, describe, expect, it } from 'vitest';
import { dyingVoiceActivity } from '../../../../test/dying-voice-activity';
import { speechChunk } from '../../../../test/noisy-audio';
import { readPcmWav } from './decode-audio';
import { detectSpeech, type FoundSpeech } from './detect-speech';
import { SileroVad } from './silero-vad';
import { VoiceActivityPool } from './voice-activity-pool';

let samples: Int16Array;
let expected: FoundSpeech;
beforeAll(async () => {
  // Quiet speech: the thread sends its raised WAV back too.
  const wav = await speechChunk('Estou com dor de cabeça há três dias.', -45);
  samples = readPcmWav(wav)!.samples;
  const found = await detectSpeech(new SileroVad(), samples);
  // A Buffer reaches the other thread as a Uint8Array of its bytes.
  expected = { ...found!, raisedWav: new Uint8Array(found!.raisedWav!) };
});

async function withPool(pool: VoiceActivityPool, use: (pool: VoiceActivityPool) => Promise<void>): Promise<void> {
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

describe('VoiceActivityPool', () => {
  it('decides a chunk on a thread of its own as on this one', () =>
    withPool(new VoiceActivityPool(), async (pool) => {
      expect(await pool.detectSpeech(samples)).toEqual(expected);
    }));

  it('replaces a thread that dies and reads its chunk again on the new one', async () => {
    const dying = dyingVoiceActivity(2);
    await withPool(new VoiceActivityPool({ script: dying.script }), async (pool) => {
      expect(await pool.detectSpeech(samples)).toEqual(expected);
    });
    expect(dying.deaths()).toBe(2);
  });

  it('refuses a chunk that three threads died reading, and reads the next', () =>
    withPool(new VoiceActivityPool({ script: dyingVoiceActivity(3).script }), async (pool) => {
      await expect(pool.detectSpeech(samples)).rejects.toThrow('died 3 times');
      expect(await pool.detectSpeech(samples)).toEqual(expected);
    }));

  it('refuses the chunks it was reading when closed, and any after', async () => {
    const pool = new VoiceActivityPool();
    const reading = expect(pool.detectSpeech(samples)).rejects.toThrow('closed');
    await pool.close();
    await reading;
    await expect(pool.detectSpeech(samples)).rejects.toThrow('closed');
  });

  it('refuses samples outside shared memory, which it would have to copy', () =>
    withPool(new VoiceActivityPool(), async (pool) => {
      await expect(pool.detectSpeech(samples.slice())).rejects.toThrow(TypeError);
    }));
});
