import type { ConcurrencyLimit } from './adaptive-concurrency';
import { JOB_NAMES, type JobName, type JobPayloads } from './job-names';
import type { JobQueue } from './job-queue';
import type { RunningJob } from './queue-worker';

/** What runs a queue's jobs on this instance, and how many at once. */
export interface JobHandler<N extends JobName> {
  concurrency: number | ConcurrencyLimit;
  /** `job` lets the handler complete the job inside its own last transaction, saving one of its own. */
  handle(data: JobPayloads[N], job: RunningJob): Promise<void>;
}

/** A handler for every queue: a queue left out does not compile. */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Starts one worker per queue; refuses to start when a queue has no handler (a stored job would wait forever). */
export function startWorkers(jobs: JobQueue, handlers: Partial<JobHandlers>): void {
  const missing = JOB_NAMES.filter((name) => !handlers[name]);
  if (missing.length > 0) throw new Error(`job queues without a handler: ${missing.join(', ')}`);
  for (const name of JOB_NAMES) start(jobs, name, handlers[name]!);
}

function start<N extends JobName>(jobs: JobQueue, name: N, handler: JobHandler<N>): void {
  jobs.work(name, handler.concurrency, (data, job) => handler.handle(data, job));
}
