import { z } from 'zod';

/** `ok`; `degraded`: answers, but slowly or partly; `down`: does not answer; `unconfigured`: not set up. */
export const ZHealthState = z.enum(['ok', 'degraded', 'down', 'unconfigured']);
export type THealthState = z.infer<typeof ZHealthState>;

export const ZDependencyHealth = z.object({
  name: z.string(),
  /** What it is: "PostgreSQL", "PGlite (embutido)", "Redis", "Disco (DATA_DIR)", "S3 (bucket)"… */
  kind: z.string(),
  state: ZHealthState,
  /** Milliseconds of the probe; null when not probed. */
  latency_ms: z.number().nullable(),
  /** What is wrong, in Portuguese; null when ok. */
  detail: z.string().nullable(),
});
export type TDependencyHealth = z.infer<typeof ZDependencyHealth>;

export const ZJobFailure = z.object({
  id: z.string(),
  queue: z.string(),
  failed_at: z.iso.datetime().nullable(),
  /** The error message only: job payloads hold ids, never clinical content. */
  error: z.string().nullable(),
});
export type TJobFailure = z.infer<typeof ZJobFailure>;

export const ZQueueStats = z.object({
  name: z.string(),
  /** Waiting to run (including retries scheduled for later). */
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  /** Seconds the oldest waiting job has waited; null when none waits. */
  oldest_queued_seconds: z.number().nullable(),
});
export type TQueueStats = z.infer<typeof ZQueueStats>;

/** GET /admin/system. */
export const ZSystemStatus = z.object({
  version: z.string(),
  node_version: z.string(),
  started_at: z.iso.datetime(),
  uptime_seconds: z.number(),
  dependencies: z.array(ZDependencyHealth),
  providers: z.array(ZDependencyHealth),
  queues: z.array(ZQueueStats),
  recent_failures: z.array(ZJobFailure),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

/** POST /admin/system/jobs/retry?queue=: runs the queue's failed jobs again. */
export const ZRetryJobsQuery = z.strictObject({ queue: z.string().regex(/^[a-z-]{1,60}$/, 'Fila inválida') });
export const ZRetryJobsAnswer = z.object({ queue: z.string(), retried: z.number().int() });
export type TRetryJobsAnswer = z.infer<typeof ZRetryJobsAnswer>;
