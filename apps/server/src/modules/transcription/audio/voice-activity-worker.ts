// A thread of the voice activity pool (voice-activity-pool.ts): Silero VAD loaded once, deciding every chunk
// it is sent, their windows read side by side. Bundled by scripts/build.mjs beside main.js.
import { parentPort } from 'node:worker_threads';
import { detectSpeech } from './detect-speech';
import { SileroVad } from './silero-vad';
import type { VoiceActivityReply, VoiceActivityRequest } from './voice-activity-pool';

const vad = new SileroVad();
const port = parentPort!;

port.on('message', ({ id, samples, isSpeechDetected }: VoiceActivityRequest) => {
  detectSpeech(vad, samples, isSpeechDetected).then(
    (speech) =>
      port.postMessage({ id, speech } satisfies VoiceActivityReply, speech?.raisedWav ? [speech.raisedWav.buffer] : []),
    (error: unknown) => port.postMessage({ id, error: String(error) } satisfies VoiceActivityReply),
  );
});
