import { parentPort, Worker, type TransferListItem } from 'node:worker_threads';
import type { WorkerScript } from './worker-script';

interface Message<Request> {
  id: number;
  request: Request;
}

type Reply<Result> = { id: number; result: Result } | { id: number; error: string };

interface Waiting<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Thread<Result> {
  worker: Worker;
  waiting: Map<number, Waiting<Result>>;
}

/**
 * Requests answered off the event loop by worker threads running `script` (which calls `answerRequests`): threads
 * start as requests come, up to `size`, and each request goes to the one with the fewest waiting. A thread that dies
 * fails the requests it held; the next request starts another. An idle pool does not keep the process alive.
 */
export class WorkerPool<Request, Result> {
  private readonly threads: Thread<Result>[] = [];
  private nextId = 0;
  private isClosed = false;

  constructor(
    private readonly name: string,
    private readonly script: WorkerScript,
    private readonly size: number,
  ) {}

  /** `request`'s result on a thread; what `transfer` lists moves there instead of being copied. */
  run(request: Request, transfer: readonly TransferListItem[] = []): Promise<Result> {
    if (this.isClosed) return Promise.reject(new Error(`the ${this.name} threads are closed`));
    const thread =
      this.threads.length < this.size
        ? this.start()
        : this.threads.reduce((least, each) => (each.waiting.size < least.waiting.size ? each : least));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage({ id, request } satisfies Message<Request>, transfer);
    });
  }

  /** Ends the threads; requests still running fail. */
  async close(): Promise<void> {
    this.isClosed = true;
    const threads = this.threads.splice(0);
    for (const { waiting } of threads) this.fail(waiting, new Error(`the ${this.name} threads closed`));
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  private start(): Thread<Result> {
    const { filename, options } = this.script;
    const thread: Thread<Result> = { worker: new Worker(filename, options), waiting: new Map() };
    const { worker, waiting } = thread;
    worker.unref();
    worker.on('message', (reply: Reply<Result>) => {
      const request = waiting.get(reply.id)!;
      waiting.delete(reply.id);
      if (waiting.size === 0) worker.unref();
      if ('error' in reply) request.reject(new Error(`${this.name} thread: ${reply.error}`));
      else request.resolve(reply.result);
    });
    let failure: Error | undefined;
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => {
      const index = this.threads.indexOf(thread);
      if (index !== -1) this.threads.splice(index, 1);
      this.fail(waiting, new Error(`${this.name} thread exited with code ${code}`, { cause: failure }));
    });
    this.threads.push(thread);
    return thread;
  }

  private fail(waiting: Map<number, Waiting<Result>>, error: Error): void {
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  }
}

/** A WorkerPool thread's side: answers each request with what `handle` returns (its error's message if it throws). */
export function answerRequests<Request, Result>(handle: (request: Request) => Result): void {
  const port = parentPort!;
  port.on('message', ({ id, request }: Message<Request>) => {
    let reply: Reply<Result>;
    try {
      reply = { id, result: handle(request) };
    } catch (error) {
      reply = { id, error: String(error) };
    }
    port.postMessage(reply);
  });
}
