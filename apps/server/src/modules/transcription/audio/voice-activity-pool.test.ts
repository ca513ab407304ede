import { beforeAll, describe, expect, it } from 'vitest';
import { dyingVoiceActivity } from '../../../../test/dying-voice-activity';
import { speechChunk } from '../../../../test/noisy-audio';
import { conditionAudio } from './condition-audio';
import { readPcmWav } from './decode-audio';
import { SileroVad } from './silero-vad';
import { VAD_SAMPLE_RATE, VAD_WINDOW } from './voice-activity';
import { VoiceActivityPool } from './voice-activity-pool';

let samples: Float32Array;
let windows: number;
let expected: Float32Array;
beforeAll(async () => {
  const wav = await speechChunk('Estou com dor de cabeça há três dias.', -45);
  samples = conditionAudio(readPcmWav(wav)!.samples, VAD_SAMPLE_RATE);
  windows = Math.floor(samples.length / VAD_WINDOW);
  expected = await new SileroVad().speechProbabilities(samples, windows);
});

async function withPool(pool: VoiceActivityPool, use: (pool: VoiceActivityPool) => Promise<void>): Promise<void> {
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

describe('VoiceActivityPool', () => {
  it('reads a chunk on a thread of its own as the model does on this one', () =>
    withPool(new VoiceActivityPool(), async (pool) => {
      expect(await pool.speechProbabilities(samples, windows)).toEqual(expected);
    }));

  it('replaces a thread that dies and reads its chunk again on the new one', async () => {
    const dying = dyingVoiceActivity(2);
    await withPool(new VoiceActivityPool({ script: dying.script }), async (pool) => {
      expect(await pool.speechProbabilities(samples, windows)).toEqual(expected);
    });
    expect(dying.deaths()).toBe(2);
  });

  it('refuses a chunk that three threads died reading, and reads the next', () =>
    withPool(new VoiceActivityPool({ script: dyingVoiceActivity(3).script }), async (pool) => {
      await expect(pool.speechProbabilities(samples, windows)).rejects.toThrow('died 3 times');
      expect(await pool.speechProbabilities(samples, windows)).toEqual(expected);
    }));

  it('refuses the chunks it was reading when closed, and any after', async () => {
    const pool = new VoiceActivityPool();
    const reading = expect(pool.speechProbabilities(samples, windows)).rejects.toThrow('closed');
    await pool.close();
    await reading;
    await expect(pool.speechProbabilities(samples, windows)).rejects.toThrow('closed');
  });

  it('refuses samples outside shared memory, which it would have to copy', () =>
    withPool(new VoiceActivityPool(), async (pool) => {
      await expect(pool.speechProbabilities(samples.slice(), windows)).rejects.toThrow(TypeError);
    }));
});
