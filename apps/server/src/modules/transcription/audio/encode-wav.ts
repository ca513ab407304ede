/**
 * Float samples in [-1, 1] as a mono 16-bit PCM WAV file, clipping what lies outside, in an ArrayBuffer of
 * its own (a thread can transfer it).
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer<ArrayBuffer> {
  const header = 44;
  const file = Buffer.alloc(header + samples.length * 2);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(file.length - 8, 4);
  file.write('WAVEfmt ', 8, 'latin1');
  file.writeUInt32LE(16, 16);
  // PCM, one channel, the rate, bytes per second, bytes per frame, bits per sample.
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * 2, 28);
  file.writeUInt16LE(2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(samples.length * 2, 40);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    file.writeInt16LE(Math.round(sample * 32_767), header + index * 2);
  }
  return file;
}
