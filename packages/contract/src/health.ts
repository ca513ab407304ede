import { z } from 'zod';
import { ZHealthState } from './admin-system';

/** GET /healthz: the process is up. */
export const ZLiveness = z.object({ status: z.literal('ok') });
export type TLiveness = z.infer<typeof ZLiveness>;

export const ZReadinessCheck = z.object({
  state: ZHealthState,
  /** A required check that is not `ok` or `degraded` makes the instance not ready (503). */
  required: z.boolean(),
  /** Milliseconds of the probe; null when not probed. */
  latency_ms: z.number().nullable(),
  /** What is wrong, in Portuguese; null when ok. */
  detail: z.string().nullable(),
});
export type TReadinessCheck = z.infer<typeof ZReadinessCheck>;

/** GET /readyz: 200 `ready` or 503 `not_ready`, with every check. */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: ZReadinessCheck,
    migrations: ZReadinessCheck,
    storage: ZReadinessCheck,
    redis: ZReadinessCheck,
    /** The speech-to-text providers: faster-whisper (WHISPER_URL) and the cloud API (TRANSCRIPTION_URL). */
    whisper: ZReadinessCheck,
    transcription: ZReadinessCheck,
    llm: ZReadinessCheck,
  }),
});
export type TReadiness = z.infer<typeof ZReadiness>;
