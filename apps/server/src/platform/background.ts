import type { FastifyBaseLogger } from 'fastify';

/** Runs work after the answer is sent (so its duration reveals nothing); failures are logged. */
export function runInBackground(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => log.error({ err: error }, `${what} failed`));
  });
}
