// A voice activity thread that dies at its first chunk, as one whose code crashed, while fewer threads than
// `times` have died (a count shared by every thread of the pool); after that, the real thread.
import { parentPort, workerData } from 'node:worker_threads';

const { deaths, times } = workerData as { deaths: Int32Array; times: number };
if (Atomics.load(deaths, 0) < times) {
  parentPort!.once('message', () => {
    Atomics.add(deaths, 0, 1);
    process.exit(1);
  });
} else {
  await import('../src/modules/transcription/audio/voice-activity-worker');
}
