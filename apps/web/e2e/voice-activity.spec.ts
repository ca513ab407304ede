import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { noiseChunk, speechChunk, type NoiseKind } from '../../server/test/noisy-audio';
import { readPcmWav } from '../../server/src/modules/transcription/audio/decode-audio';

/** The recorder's detector and chunker as the built app serves them: their own bundle, under the app's CSP. */
function voiceActivityModule(): string {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest['src/lib/audio/voice-activity-entry.ts']!.file}`;
}
const SENTENCE = 'Bom dia, doutora. Estou com dor de cabeça há três dias.';

interface FoundChunk {
  seconds: number;
  silenceMs: number;
}

/** Test-made audio, as 16-bit samples in base64: speech at a level over a noise, or a noise alone. */
async function clip(make: Promise<Buffer>): Promise<string> {
  const { samples } = readPcmWav(await make)!;
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString('base64');
}

/** Feeds each clip to the recorder's detector in the page, in the capture's 2048-sample batches; its chunks back. */
function chunksInPage(page: Page, clips: Record<string, string>): Promise<Record<string, FoundChunk[]>> {
  return page.evaluate(
    async ({ url, clips }) => {
      type Chunk = { samples: Float32Array; silenceMs: number };
      const module = (await import(url)) as {
        loadSpeechDetector(): Promise<unknown>;
        createVoiceActivityChunker(
          detector: unknown,
          onChunk: (chunk: Chunk) => void,
        ): { push(samples: Float32Array): void; flush(): Promise<void> };
      };
      const detector = await module.loadSpeechDetector();
      const found: Record<string, { seconds: number; silenceMs: number }[]> = {};
      for (const [name, base64] of Object.entries(clips)) {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const samples = Float32Array.from(new Int16Array(bytes.buffer), (sample) => sample / 32_768);
        const chunks: { seconds: number; silenceMs: number }[] = [];
        const chunker = module.createVoiceActivityChunker(detector, (chunk) =>
          chunks.push({ seconds: chunk.samples.length / 16_000, silenceMs: chunk.silenceMs }),
        );
        for (let start = 0; start < samples.length; start += 2048) chunker.push(samples.slice(start, start + 2048));
        await chunker.flush();
        found[name] = chunks;
      }
      return found;
    },
    { url: voiceActivityModule(), clips },
  );
}

test('the recorder hears speech at −45 and −50 dBFS, and no hum, pink noise, DC offset or clicks', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const noises: NoiseKind[] = ['hum', 'pink-noise', 'dc-offset', 'room-tone', 'air-conditioning'];
  const speech: [string, Promise<Buffer>][] = [
    ['speech −45 dBFS over hum', speechChunk(SENTENCE, -45, { kind: 'hum', dbfs: -55 })],
    ['speech −50 dBFS in room tone', speechChunk(SENTENCE, -50, { kind: 'room-tone', dbfs: -65 })],
    ['speech −25 dBFS over pink noise', speechChunk(SENTENCE, -25, { kind: 'pink-noise', dbfs: -45 })],
  ];
  const made: [string, Promise<Buffer>][] = [
    ...noises.map((kind) => [kind, noiseChunk(kind)] as [string, Promise<Buffer>]),
    ...speech,
  ];
  const clips: Record<string, string> = Object.fromEntries(
    await Promise.all(made.map(async ([name, audio]): Promise<[string, string]> => [name, await clip(audio)])),
  );
  // A page of the app, so its content security policy is the one the recorder runs under.
  await page.goto('/');
  const found = await chunksInPage(page, clips);

  for (const kind of noises) expect(found[kind], kind).toEqual([]);
  for (const name of Object.keys(clips).filter((each) => each.startsWith('speech'))) {
    const chunks = found[name]!;
    // The sentence (about 3.5 s) is sent whole, from a little before it starts 0.8 s in: in one chunk, or two when
    // the first ends at its comma (a recording's first chunk ends at a 0.3 s pause, so its line comes soon).
    expect(chunks.length, name).toBeGreaterThanOrEqual(1);
    expect(chunks.length, name).toBeLessThanOrEqual(2);
    expect(
      chunks.reduce((sum, chunk) => sum + chunk.seconds, 0),
      name,
    ).toBeGreaterThan(3);
    expect(chunks[0]!.silenceMs, name).toBeGreaterThan(200);
    expect(chunks[0]!.silenceMs, name).toBeLessThan(800);
    expect(chunks[1]?.silenceMs ?? 0, name).toBeLessThan(100);
  }
  // The model and onnxruntime's WebAssembly come from Escriba itself.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(requested.some((url) => url.endsWith('.onnx'))).toBe(true);
  expect(requested.some((url) => url.endsWith('.wasm'))).toBe(true);
});

test('where the model cannot load, the detector says so to the recorder, which then cuts by loudness', async ({
  page,
}) => {
  await page.route('**/*.onnx', (route) => route.abort());
  await page.goto('/');
  const failure = await page.evaluate(async (url) => {
    const module = (await import(url)) as { loadSpeechDetector(): Promise<unknown> };
    return module.loadSpeechDetector().then(
      () => 'loaded',
      (error: unknown) => String(error),
    );
  }, voiceActivityModule());
  expect(failure).not.toBe('loaded');
});
