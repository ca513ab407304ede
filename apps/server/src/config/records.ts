import { DOCUMENT_SHARE_DAYS_DEFAULT } from '@escriba/contract';
import { z } from 'zod';
import type { EnvOf } from './env-values';

export const recordVariables = {
  // Lei 13.787/2018, art. 6: a patient's record is kept at least 20 years from its last entry.
  RECORD_RETENTION_YEARS: z.coerce.number().int().min(0).max(100).default(20),
  DOCUMENT_SHARE_DAYS: z.coerce.number().int().min(1).max(3650).default(DOCUMENT_SHARE_DAYS_DEFAULT),
};

/** How long a patient's record must be kept before it may be deleted. */
export interface RecordsConfig {
  /** Years after the patient's last concluded consultation during which she cannot be deleted. */
  retentionYears: number;
  /** Days after issue during which an issued document's PDF opens with its code, without a session. */
  documentShareDays: number;
}

export function readRecordsConfig(env: EnvOf<typeof recordVariables>): RecordsConfig {
  return { retentionYears: env.RECORD_RETENTION_YEARS, documentShareDays: env.DOCUMENT_SHARE_DAYS };
}
