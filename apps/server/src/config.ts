import { z } from 'zod';
import { ACCOUNT_ENV, ACCOUNT_RULES, readAccountConfig, type AccountConfig } from './config/accounts';
import { CREDITS_ENV, readCreditsConfig, type CreditsConfig } from './config/credits';
import { EVIDENCE_ENV, readEvidenceConfig, type EvidenceConfig } from './config/evidences';
import { LLM_ENV, readLlmConfig, type LlmConfig } from './config/llm';
import { RATE_LIMIT_ENV, readRateLimits, type RateLimitsConfig } from './config/rate-limits';
import { readServerConfig, SERVER_ENV, type ServerConfig } from './config/server';
import { readS3Config, S3_ENV, S3_RULES, type S3Config } from './config/storage';
import { readTranscriptionConfig, TRANSCRIPTION_ENV, type TranscriptionConfig } from './config/transcription';

export type { CreditsConfig } from './config/credits';
export type { EvidenceConfig } from './config/evidences';
export type { LlmConfig } from './config/llm';
export type { RateLimitRule } from './config/rate-limits';
export type { S3Config } from './config/storage';
export type { TranscriptionConfig } from './config/transcription';

/** Every environment variable the server reads, by section (`config/`); the README lists them with these defaults. */
const ZEnv = z
  .object({
    ...SERVER_ENV,
    ...ACCOUNT_ENV,
    ...RATE_LIMIT_ENV,
    ...CREDITS_ENV,
    ...TRANSCRIPTION_ENV,
    ...EVIDENCE_ENV,
    ...S3_ENV,
    ...LLM_ENV,
  })
  .superRefine((env, context) => {
    for (const rule of [...ACCOUNT_RULES, ...S3_RULES]) {
      if (!rule.isValid(env)) context.addIssue({ code: 'custom', message: rule.message, path: [rule.variable] });
    }
  });

export interface Config extends ServerConfig, AccountConfig {
  credits: CreditsConfig;
  transcription: TranscriptionConfig;
  evidences: EvidenceConfig;
  llm: LlmConfig;
  /** The bucket files are kept in; undefined keeps them on disk under DATA_DIR/files. */
  s3: S3Config | undefined;
  rateLimits: RateLimitsConfig;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    ...readServerConfig(env),
    ...readAccountConfig(env),
    credits: readCreditsConfig(env),
    transcription: readTranscriptionConfig(env),
    evidences: readEvidenceConfig(env),
    llm: readLlmConfig(env),
    s3: readS3Config(env),
    rateLimits: readRateLimits(env),
  };
}
