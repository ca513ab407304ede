import { describe, expect, it } from 'vitest';
import { pcm16At24k } from './pcm16-at-24k';

describe('pcm16At24k', () => {
  it('resamples 16 kHz to 24 kHz little-endian, interpolating between samples', () => {
    const out = pcm16At24k({ samples: Int16Array.from([0, 300, 600, 900]), sampleRate: 16_000 });
    const samples = Array.from({ length: out.length / 2 }, (_, index) => out.readInt16LE(index * 2));
    expect(samples).toEqual([0, 200, 400, 600, 800, 900]);
  });

  it('keeps 24 kHz as it is', () => {
    const out = pcm16At24k({ samples: Int16Array.from([-32768, 5, 32767]), sampleRate: 24_000 });
    expect([out.readInt16LE(0), out.readInt16LE(2), out.readInt16LE(4)]).toEqual([-32768, 5, 32767]);
  });
});
