import { z } from 'zod';
import type { EnvOf } from './env-values';

/** What this process does (README "Scaling out"), and how long it gives running work when told to stop. */
export const processVariables = {
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
};

export type ProcessRole = 'all' | 'api' | 'worker';

export interface ProcessConfig {
  /** `api` serves HTTP and the live channel and runs no jobs; `worker` runs jobs and serves only /healthz. */
  role: ProcessRole;
  /** On SIGTERM, how long running jobs may take to finish before they are handed back to run elsewhere. */
  shutdownGraceMs: number;
}

export function readProcessConfig(env: EnvOf<typeof processVariables>): ProcessConfig {
  return { role: env.ROLE, shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 };
}
