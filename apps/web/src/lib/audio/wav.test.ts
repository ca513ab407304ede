import { describe, expect, it } from 'vitest';
import { encodeWav, toInt16 } from './wav';

describe('encodeWav', () => {
  it('writes a 44-byte RIFF header for 16 kHz mono 16-bit PCM and the samples after it', () => {
    const wav = encodeWav(Float32Array.from([0, 0.5, -0.5, 1, -1]));
    const view = new DataView(wav);
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(wav, offset, 4));
    expect(wav.byteLength).toBe(44 + 10);
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(10);
    expect([...new Int16Array(wav, 44)]).toEqual([0, 16384, -16384, 32767, -32768]);
  });

  it('clips samples outside [-1, 1] instead of wrapping around', () => {
    expect([...toInt16(Float32Array.from([1.7, -3]))]).toEqual([32767, -32768]);
  });
});
