import path from 'node:path';
import { z } from 'zod';

const ZOptionalUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.url().optional());

const ZOptionalSecret = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; the README lists them with these defaults. */
const ZEnv = z
  .object({
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
    LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().min(1).default(100),
    ACCOUNT_MAILS_PER_IP: z.coerce.number().int().min(1).default(10),
    ACCOUNT_MAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
    SIGN_UPS_PER_IP: z.coerce.number().int().min(1).default(20),
    UNVERIFIED_ACCOUNT_HOURS: z.coerce.number().int().min(1).default(24),
    ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(12),
    LIST_CACHE_MB: z.coerce.number().min(0).default(64),
    SIGNUP_CREDITS: z.coerce.number().int().min(0).default(10),
    GENERATION_CREDIT_COST: z.coerce.number().int().min(1).default(1),
    WHISPER_URL: ZOptionalUrl,
    WHISPER_API_KEY: ZOptionalSecret,
    // Model ids overriding the default per size: "large-v3=org/model,small=org/other".
    WHISPER_MODELS: z
      .string()
      .trim()
      .regex(/^([\w.-]+=[\w./-]+)?(,[\w.-]+=[\w./-]+)*$/, 'use size=model, separated by commas')
      .default(''),
    TRANSCRIPTION_URL: ZOptionalUrl,
    TRANSCRIPTION_API_KEY: ZOptionalSecret,
    TRANSCRIPTION_MODEL: z.string().trim().min(1).default('whisper-1'),
    TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().min(1).default(120),
    // Jobs mostly wait on the provider: 100 consultations sending a chunk every 5–10 s need 10–20 at once.
    TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
    MAX_CHUNK_MB: z.coerce.number().positive().default(10),
    AUDIO_RETENTION: z.enum(['delete', 'keep']).default('delete'),
    MAX_UPLOAD_MB: z.coerce.number().positive().default(25),
    // Reading is CPU-bound (OCR uses a whole core per page): a few at once per instance.
    EVIDENCE_READ_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    // Files go to this S3 (or S3-compatible) bucket instead of DATA_DIR/files when it is set.
    S3_BUCKET: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined),
    S3_ENDPOINT: ZOptionalUrl,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: ZOptionalSecret,
    S3_SECRET_ACCESS_KEY: ZOptionalSecret,
    S3_FORCE_PATH_STYLE: ZBoolean.optional(),
    LLM_URL: ZOptionalUrl,
    LLM_API_KEY: ZOptionalSecret,
    LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).default(120),
    LLM_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).default(30),
    LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1000).default(128_000),
    LLM_STRUCTURED_OUTPUT: z.enum(['json_schema', 'tool', 'auto']).default('auto'),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_BUCKET must be set for the other S3_ variables to be used',
    path: ['S3_BUCKET'],
  });

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export interface Config {
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
  credits: CreditsConfig;
  /** How long a sign-up waits for its e-mail to be confirmed before it expires and frees its e-mail and CPF. */
  unverifiedAccountMs: number;
  transcription: TranscriptionConfig;
  evidences: EvidenceConfig;
  llm: LlmConfig;
  /** The bucket files are kept in; undefined keeps them on disk under DATA_DIR/files. */
  s3: S3Config | undefined;
  rateLimits: {
    loginPerIp: RateLimitRule;
    /** Failed logins per account from one client address. */
    loginFailuresPerAccountAddress: RateLimitRule;
    /** Failed logins per account from all addresses together: bounds guessing from many addresses. */
    loginFailuresPerAccountAllAddresses: RateLimitRule;
    accountMailPerIp: RateLimitRule;
    accountMailPerAccount: RateLimitRule;
    signUpPerIp: RateLimitRule;
  };
}

/** Where audio is transcribed (README "Configuration"); a provider without a URL is not configured. */
export interface TranscriptionConfig {
  whisper: { url: string | undefined; apiKey: string | undefined; models: Record<string, string> };
  cloud: { url: string | undefined; apiKey: string | undefined; model: string };
  timeoutMs: number;
  /** Chunks one instance transcribes at once. */
  concurrency: number;
  maxChunkBytes: number;
  /** `delete`: a chunk's audio is removed once the final transcript is stored. */
  audioRetention: 'delete' | 'keep';
}

/** An S3 or S3-compatible (MinIO, …) bucket for files. */
export interface S3Config {
  bucket: string;
  /** Undefined: AWS S3 itself, found from the region. */
  endpoint: string | undefined;
  region: string;
  /** Undefined: the AWS SDK's default chain (environment, profile, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** The OpenAI-compatible chat model that writes anamneses (README "Configuration"); no URL: not configured. */
export interface LlmConfig {
  url: string | undefined;
  apiKey: string | undefined;
  model: string;
  /** For a whole answer, from the request to the stream's last byte. */
  timeoutMs: number;
  /** Longest silence allowed once the answer has started streaming. */
  idleTimeoutMs: number;
  /** The model's context window, in tokens: a longer transcript is condensed before generation. */
  contextTokens: number;
  /** `auto`: JSON schema, falling back to a forced tool call when the server refuses `response_format`. */
  structuredOutput: 'json_schema' | 'tool' | 'auto';
}

/** Files the professional adds to a consultation (lab results, reports, photos). */
export interface EvidenceConfig {
  /** Largest file accepted; a larger upload is refused (413) while it streams. */
  maxUploadBytes: number;
  /** Evidence files read (text extraction, OCR) at once on one instance. */
  readConcurrency: number;
}

/** The credits ledger: what a new account starts with and what each generation spends. */
export interface CreditsConfig {
  /** Granted once, when the account's e-mail is verified. */
  signUp: number;
  /** Spent by each generation (whole note or one field) when it is accepted. */
  generationCost: number;
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
    credits: { signUp: env.SIGNUP_CREDITS, generationCost: env.GENERATION_CREDIT_COST },
    transcription: {
      whisper: { url: trimSlash(env.WHISPER_URL), apiKey: env.WHISPER_API_KEY, models: parsePairs(env.WHISPER_MODELS) },
      cloud: {
        url: trimSlash(env.TRANSCRIPTION_URL),
        apiKey: env.TRANSCRIPTION_API_KEY,
        model: env.TRANSCRIPTION_MODEL,
      },
      timeoutMs: env.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
      concurrency: env.TRANSCRIPTION_CONCURRENCY,
      maxChunkBytes: Math.round(env.MAX_CHUNK_MB * 1024 * 1024),
      audioRetention: env.AUDIO_RETENTION,
    },
    evidences: {
      maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
      readConcurrency: env.EVIDENCE_READ_CONCURRENCY,
    },
    unverifiedAccountMs: env.UNVERIFIED_ACCOUNT_HOURS * 60 * minutes,
    llm: {
      url: trimSlash(env.LLM_URL),
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.LLM_IDLE_TIMEOUT_SECONDS * 1000,
      contextTokens: env.LLM_CONTEXT_TOKENS,
      structuredOutput: env.LLM_STRUCTURED_OUTPUT,
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: trimSlash(env.S3_ENDPOINT),
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
        }
      : undefined,
    rateLimits: {
      loginPerIp: { points: env.LOGIN_ATTEMPTS_PER_IP, durationSeconds: 15 * 60 },
      loginFailuresPerAccountAddress: { points: env.LOGIN_FAILURES_PER_ACCOUNT, durationSeconds: 15 * 60 },
      loginFailuresPerAccountAllAddresses: {
        points: env.LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
        durationSeconds: 15 * 60,
      },
      accountMailPerIp: { points: env.ACCOUNT_MAILS_PER_IP, durationSeconds: 60 * 60 },
      accountMailPerAccount: { points: env.ACCOUNT_MAILS_PER_ACCOUNT, durationSeconds: 60 * 60 },
      signUpPerIp: { points: env.SIGN_UPS_PER_IP, durationSeconds: 60 * 60 },
    },
  };
}

function trimSlash(url: string | undefined): string | undefined {
  return url?.replace(/\/+$/, '');
}

function parsePairs(list: string): Record<string, string> {
  return Object.fromEntries(list ? list.split(',').map((pair) => pair.split('=') as [string, string]) : []);
}
