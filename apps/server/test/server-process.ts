import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { serverEntryArguments } from './server-build';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  /** Every line the process wrote to standard output (the JSON log), as it comes. */
  stdout: string[];
  /** What it wrote to standard error (nothing, when all goes through the log). */
  stderr(): string;
  /** Resolves with the first stdout line (already written or to come) that matches, or rejects at the deadline. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * The real process, listening on a free port: this test run's bundle of src/main.ts (as `npm start` runs the
 * build), its sources through tsx outside a test run, or another entry (a build, another checkout's sources).
 */
export async function startServerProcess(env: Record<string, string>, main?: string): Promise<ServerProcess> {
  const port = await freePort();
  const entry = !main ? serverEntryArguments('main') : main.endsWith('.ts') ? ['--import', 'tsx', main] : [main];
  const child = spawn(process.execPath, entry, {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stdout: string[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    stdout.push(...lines);
    for (const wake of waiters) wake();
  });
  const waitForLine = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = stdout.find((each) => pattern.test(each));
        if (!line) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(line);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms:\n${stdout.join('\n')}\n${stderr}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  // Starting the embedded database (or tsx compiling the server) takes up to a minute on a busy two-core machine.
  await Promise.race([
    waitForLine(/Server listening/, 60_000),
    exited.then((code) => Promise.reject(new Error(`the server exited (${code}) before listening:\n${stderr}`))),
  ]);
  return { child, base: `http://127.0.0.1:${port}`, exited, stdout, stderr: () => stderr, waitForLine };
}
