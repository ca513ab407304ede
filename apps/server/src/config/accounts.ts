import { z } from 'zod';
import { ZOptionalUrl, type EnvOf, type EnvRule } from './env-values';

/** Account e-mails, the first administrator, sessions and sign-ups awaiting their e-mail. */
export const accountVariables = {
  SMTP_URL: ZOptionalUrl,
  MAIL_FROM: z.string().min(3).default('Escriba <nao-responda@escriba.app>'),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(8).optional()),
  UNVERIFIED_ACCOUNT_HOURS: z.coerce.number().int().min(1).default(24),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(12),
};

type AccountEnv = EnvOf<typeof accountVariables>;

export const accountRules: EnvRule<AccountEnv>[] = [
  {
    isValid: (env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD),
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    variable: 'ADMIN_PASSWORD',
  },
];

export interface AccountConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  session: { accessTokenTtlMs: number; idleTimeoutMs: number; maxAgeMs: number };
  /** How long a sign-up waits for its e-mail to be confirmed before it expires and frees its e-mail and CPF. */
  unverifiedAccountMs: number;
}

const MINUTE_MS = 60_000;

export function readAccountConfig(env: AccountEnv): AccountConfig {
  return {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    session: {
      accessTokenTtlMs: env.ACCESS_TOKEN_TTL_MINUTES * MINUTE_MS,
      idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE_MS,
      maxAgeMs: env.SESSION_MAX_AGE_HOURS * 60 * MINUTE_MS,
    },
    unverifiedAccountMs: env.UNVERIFIED_ACCOUNT_HOURS * 60 * MINUTE_MS,
  };
}
