import type { TDependencyHealth } from '@escriba/contract';

const PROBE_TIMEOUT_MS = 3_000;
// Slower than this answers, but a person would notice.
const SLOW_MS = 1_500;

/** Runs one health check with a deadline; its failure becomes `down` with the reason, never an error. */
export async function probe(
  name: string,
  kind: string,
  check: (signal: AbortSignal) => Promise<void>,
): Promise<TDependencyHealth> {
  const started = performance.now();
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    await Promise.race([
      check(signal),
      new Promise<never>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('Não respondeu em 3 s')), { once: true }),
      ),
    ]);
    const latency = Math.round(performance.now() - started);
    const isSlow = latency > SLOW_MS;
    return { name, kind, state: isSlow ? 'degraded' : 'ok', latency_ms: latency, detail: isSlow ? 'Lento' : null };
  } catch (error) {
    const detail = error instanceof ProbeFailure || signal.aborted ? (error as Error).message : 'Não respondeu';
    return { name, kind, state: 'down', latency_ms: Math.round(performance.now() - started), detail };
  }
}

/** A failure whose message is safe to show an administrator (no URL, key or stack). */
export class ProbeFailure extends Error {}

export function unconfigured(name: string, kind: string, detail: string): TDependencyHealth {
  return { name, kind, state: 'unconfigured', latency_ms: null, detail };
}
