import { typeScriptWorker, type WorkerScript } from '../src/platform/worker-script';

/** Voice activity threads of which the first `times` die at their first chunk; `deaths()` counts them. */
export function dyingVoiceActivity(times: number): { script: WorkerScript; deaths(): number } {
  const deaths = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const script = typeScriptWorker(new URL('./dying-voice-activity-worker.ts', import.meta.url), {
    workerData: { deaths, times },
  });
  return { script, deaths: () => Atomics.load(deaths, 0) };
}
