/** The format every chunk is sent in: decodable alone, and what Whisper resamples to anyway. */
export const CHUNK_SAMPLE_RATE = 16_000;

const HEADER_BYTES = 44;

/** Float samples in [-1, 1] to 16-bit PCM, clipping what lies outside. */
export function toInt16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    pcm[index] = Math.round(sample < 0 ? sample * 0x8000 : sample * 0x7fff);
  }
  return pcm;
}

/** A complete mono 16-bit PCM WAV file (RIFF header + data), independently decodable. */
export function encodeWav(samples: Float32Array, sampleRate = CHUNK_SAMPLE_RATE): ArrayBuffer {
  const pcm = toInt16(samples);
  const buffer = new ArrayBuffer(HEADER_BYTES + pcm.byteLength);
  const view = new DataView(buffer);
  const writeText = (offset: number, text: string) =>
    [...text].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  writeText(0, 'RIFF');
  view.setUint32(4, 36 + pcm.byteLength, true);
  writeText(8, 'WAVE');
  writeText(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  writeText(36, 'data');
  view.setUint32(40, pcm.byteLength, true);
  new Int16Array(buffer, HEADER_BYTES).set(pcm);
  return buffer;
}
