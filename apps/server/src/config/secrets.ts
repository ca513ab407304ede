import path from 'node:path';
import { z } from 'zod';
import { MalformedSecretsKeyError, parseSecretsKey, type SecretsKey } from '../platform/secrets/secrets-key';
import type { EnvOf, EnvRule } from './env-values';

/** The key that seals certificates and PSC tokens, kept apart from the database (README, docs/DEPLOY.md). */
export const secretsVariables = {
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      try {
        return parseSecretsKey(value, 'SECRETS_KEY');
      } catch (error) {
        if (!(error instanceof MalformedSecretsKeyError)) throw error;
        // The message describes the value's shape, never the value.
        context.addIssue({ code: 'custom', message: error.message.replace(/^SECRETS_KEY /, '') });
        return z.NEVER;
      }
    }),
  SECRETS_KEY_FILE: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
};

export const secretsRules: EnvRule<EnvOf<typeof secretsVariables>>[] = [
  {
    isValid: (env) => !(env.SECRETS_KEY && env.SECRETS_KEY_FILE),
    message: 'set SECRETS_KEY or SECRETS_KEY_FILE, not both',
    variable: 'SECRETS_KEY_FILE',
  },
];

export interface SecretsConfig {
  /** The key given in SECRETS_KEY. */
  key: SecretsKey | undefined;
  /** The file SECRETS_KEY_FILE names, as an absolute path. */
  keyFile: string | undefined;
}

export function readSecretsConfig(env: EnvOf<typeof secretsVariables>): SecretsConfig {
  return { key: env.SECRETS_KEY, keyFile: env.SECRETS_KEY_FILE && path.resolve(env.SECRETS_KEY_FILE) };
}
