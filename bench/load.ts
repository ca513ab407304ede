import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Loads a URL with autocannon in a child process, so the load generator never shares the event
 * loop of the server it measures.
 */
export function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const args = [autocannonBin, '-j', '-c', String(options.connections), '-d', String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as {
        requests: { average: number };
        latency: { p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

export function formatResult(label: string, result: LoadResult): string {
  return `${label.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${result.p99Ms.toFixed(1).padStart(6)} ms   non-2xx ${result.non2xx}`;
}
