import { z } from 'zod';
import type { EnvOf } from './env-values';

export const evidenceVariables = {
  MAX_UPLOAD_MB: z.coerce.number().positive().default(25),
  // Reading is CPU-bound (OCR uses a whole core per page): a few at once per instance.
  EVIDENCE_READ_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
};

/** Files the professional adds to a consultation (lab results, reports, photos). */
export interface EvidenceConfig {
  /** Largest file accepted; a larger upload is refused (413) while it streams. */
  maxUploadBytes: number;
  /** Evidence files read (text extraction, OCR) at once on one instance. */
  readConcurrency: number;
}

export function readEvidenceConfig(env: EnvOf<typeof evidenceVariables>): EvidenceConfig {
  return {
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    readConcurrency: env.EVIDENCE_READ_CONCURRENCY,
  };
}
