import path from 'node:path';
import { z } from 'zod';

const ZOptionalUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.url().optional());

const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; the README lists them with these defaults. */
const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: ZOptionalUrl,
    REDIS_URL: ZOptionalUrl,
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]*$/)
      .default('escriba:'),
    SMTP_URL: ZOptionalUrl,
    MAIL_FROM: z.string().min(3).default('Escriba <nao-responda@escriba.app>'),
    PUBLIC_URL: ZOptionalUrl,
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
    CEP_LOOKUP_URL: z.url().default('https://viacep.com.br'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: ZBoolean.default(false),
    WEB_DIST_DIR: z
      .string()
      .min(1)
      .default(path.resolve(import.meta.dirname, '../../web/dist')),
    // Per window: logins 15 minutes, account e-mails and sign-ups one hour. A clinic behind one NAT
    // address shares the per-IP counts.
    LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(50),
    LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    ACCOUNT_MAILS_PER_IP: z.coerce.number().int().min(1).default(10),
    ACCOUNT_MAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
    SIGN_UPS_PER_IP: z.coerce.number().int().min(1).default(20),
    UNVERIFIED_ACCOUNT_HOURS: z.coerce.number().int().min(1).default(24),
    ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(12),
    LIST_CACHE_MB: z.coerce.number().min(0).default(64),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prepended to every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  admin: { email: string; password: string } | undefined;
  logLevel: string;
  /** Host of the postal-code service the web app calls: GET {host}/ws/{cep}/json (spec §7). */
  cepLookupUrl: string;
  trustProxy: boolean;
  webDistDir: string;
  session: { accessTokenTtlMs: number; idleTimeoutMs: number; maxAgeMs: number };
  /** Memory for cached consultation list pages, in bytes; 0 turns the cache off. */
  listCacheBytes: number;
  /** How long a sign-up waits for its e-mail to be confirmed before it expires and frees its e-mail and CPF. */
  unverifiedAccountMs: number;
  rateLimits: {
    loginPerIp: RateLimitRule;
    loginFailuresPerAccount: RateLimitRule;
    accountMailPerIp: RateLimitRule;
    accountMailPerAccount: RateLimitRule;
    signUpPerIp: RateLimitRule;
  };
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
  const minutes = 60_000;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    logLevel: env.LOG_LEVEL,
    cepLookupUrl: env.CEP_LOOKUP_URL.replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    session: {
      accessTokenTtlMs: env.ACCESS_TOKEN_TTL_MINUTES * minutes,
      idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MINUTES * minutes,
      maxAgeMs: env.SESSION_MAX_AGE_HOURS * 60 * minutes,
    },
    listCacheBytes: Math.round(env.LIST_CACHE_MB * 1024 * 1024),
    unverifiedAccountMs: env.UNVERIFIED_ACCOUNT_HOURS * 60 * minutes,
    rateLimits: {
      loginPerIp: { points: env.LOGIN_ATTEMPTS_PER_IP, durationSeconds: 15 * 60 },
      loginFailuresPerAccount: { points: env.LOGIN_FAILURES_PER_ACCOUNT, durationSeconds: 15 * 60 },
      accountMailPerIp: { points: env.ACCOUNT_MAILS_PER_IP, durationSeconds: 60 * 60 },
      accountMailPerAccount: { points: env.ACCOUNT_MAILS_PER_ACCOUNT, durationSeconds: 60 * 60 },
      signUpPerIp: { points: env.SIGN_UPS_PER_IP, durationSeconds: 60 * 60 },
    },
  };
}
