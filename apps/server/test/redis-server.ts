import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './server-process';

const START_TIMEOUT_MS = 10_000;

/**
 * A redis-server of the test's own, on a free port, that the test may stop and start again to
 * play an outage (the shared Redis of the machine is never touched). Nothing is persisted.
 */
export class TestRedisServer {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  /** A server on a port of its own; `start` decides whether it runs from the beginning. */
  static async create({ start = true } = {}): Promise<TestRedisServer> {
    const server = new TestRedisServer(await freePort());
    if (start) await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again, on the same port) and resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.child) throw new Error('test redis-server already running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`redis-server not ready within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.child = undefined;
        child.kill('SIGKILL');
        reject(new Error(`${error.message}\n${output}`));
      };
      child.on('error', fail);
      child.on('exit', (code) => fail(new Error(`redis-server exited with ${code}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve();
        }
      });
    });
  }

  /** Freezes it (SIGSTOP): connections stay open but nothing is answered, as a hung server. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills it at once, as a crash would, and resolves once its port is closed. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}
