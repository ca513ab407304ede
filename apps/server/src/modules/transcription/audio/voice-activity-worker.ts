// A thread of the voice activity pool (voice-activity-pool.ts): Silero VAD loaded once, reading every chunk
// it is sent side by side. Bundled by scripts/build.mjs beside main.js.
import { parentPort } from 'node:worker_threads';
import { SileroVad } from './silero-vad';
import type { VoiceActivityReply, VoiceActivityRequest } from './voice-activity-pool';

const detector = new SileroVad();
const port = parentPort!;

port.on('message', ({ id, samples, windows }: VoiceActivityRequest) => {
  detector.speechProbabilities(samples, windows).then(
    (probabilities) => port.postMessage({ id, probabilities } satisfies VoiceActivityReply, [probabilities.buffer]),
    (error: unknown) => port.postMessage({ id, error: String(error) } satisfies VoiceActivityReply),
  );
});
