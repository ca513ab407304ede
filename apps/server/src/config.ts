import { z } from 'zod';
import { accountVariables, accountRules, readAccountConfig, type AccountConfig } from './config/accounts';
import { creditsVariables, readCreditsConfig, type CreditsConfig } from './config/credits';
import { evidenceVariables, readEvidenceConfig, type EvidenceConfig } from './config/evidences';
import { llmVariables, readLlmConfig, type LlmConfig } from './config/llm';
import { processVariables, readProcessConfig, type ProcessConfig } from './config/process';
import { rateLimitVariables, readRateLimits, type RateLimitsConfig } from './config/rate-limits';
import { readRecordsConfig, recordVariables, type RecordsConfig } from './config/records';
import { readSignaturesConfig, signatureVariables, type SignaturesConfig } from './config/signatures';
import { readServerConfig, serverVariables, type ServerConfig } from './config/server';
import { readSecretsConfig, secretsRules, secretsVariables, type SecretsConfig } from './config/secrets';
import { readS3Config, s3Variables, s3Rules, type S3Config } from './config/storage';
import {
  readTranscriptionConfig,
  transcriptionRules,
  transcriptionVariables,
  type TranscriptionConfig,
} from './config/transcription';

export type { CreditsConfig } from './config/credits';
export type { EvidenceConfig } from './config/evidences';
export type { LlmConfig } from './config/llm';
export type { ProcessRole } from './config/process';
export type { RateLimitRule } from './config/rate-limits';
export type { S3Config } from './config/storage';
export type { SecretsConfig } from './config/secrets';
export type { TranscriptionConfig } from './config/transcription';

/** Every environment variable the server reads, by section (`config/`); the README lists them with these defaults. */
const ZEnv = z
  .object({
    ...serverVariables,
    ...processVariables,
    ...accountVariables,
    ...rateLimitVariables,
    ...creditsVariables,
    ...transcriptionVariables,
    ...evidenceVariables,
    ...s3Variables,
    ...llmVariables,
    ...recordVariables,
    ...secretsVariables,
    ...signatureVariables,
  })
  .superRefine((env, context) => {
    for (const rule of [...accountRules, ...s3Rules, ...secretsRules, ...transcriptionRules]) {
      if (!rule.isValid(env)) context.addIssue({ code: 'custom', message: rule.message, path: [rule.variable] });
    }
  });

export interface Config extends ServerConfig, ProcessConfig, AccountConfig {
  credits: CreditsConfig;
  transcription: TranscriptionConfig;
  evidences: EvidenceConfig;
  llm: LlmConfig;
  /** The bucket files are kept in; undefined keeps them on disk under DATA_DIR/files. */
  s3: S3Config | undefined;
  rateLimits: RateLimitsConfig;
  records: RecordsConfig;
  /** The key that seals certificates, from the environment (never from the database). */
  secrets: SecretsConfig;
  signatures: SignaturesConfig;
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
    ...readProcessConfig(env),
    ...readAccountConfig(env),
    credits: readCreditsConfig(env),
    transcription: readTranscriptionConfig(env),
    evidences: readEvidenceConfig(env),
    llm: readLlmConfig(env),
    s3: readS3Config(env),
    rateLimits: readRateLimits(env),
    records: readRecordsConfig(env),
    secrets: readSecretsConfig(env),
    signatures: readSignaturesConfig(env),
  };
}
