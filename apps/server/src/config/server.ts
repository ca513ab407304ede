import path from 'node:path';
import { z } from 'zod';
import { ZBoolean, ZOptionalUrl, type EnvOf } from './env-values';

/** Where the process listens, keeps its data, finds its database and Redis, and what it serves. */
export const serverVariables = {
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: ZOptionalUrl,
  REDIS_URL: ZOptionalUrl,
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]*$/)
    .default('escriba:'),
  PUBLIC_URL: ZOptionalUrl,
  CEP_LOOKUP_URL: z.url().default('https://viacep.com.br'),
  // Origins whose pages may frame /embed/…: "https://clinica.example,https://ehr.example".
  EMBED_ORIGINS: z
    .string()
    .trim()
    .default('')
    .transform((list, context) => {
      const origins = list ? list.split(',').map((each) => each.trim()) : [];
      const invalid = origins.find((each) => !isOrigin(each));
      if (invalid) context.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${invalid}` });
      return origins;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: ZBoolean.default(false),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../../web/dist')),
  LIST_CACHE_MB: z.coerce.number().min(0).default(64),
};

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prepended to every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  publicUrl: string;
  logLevel: string;
  /** Host of the postal-code service the web app calls: GET {host}/ws/{cep}/json (spec §7). */
  cepLookupUrl: string;
  /** Origins allowed to frame the embedded panel (/embed/…); none: only Escriba itself. */
  embedOrigins: string[];
  trustProxy: boolean;
  webDistDir: string;
  /** Memory for cached consultation list pages, in bytes; 0 turns the cache off. */
  listCacheBytes: number;
}

export function readServerConfig(env: EnvOf<typeof serverVariables>): ServerConfig {
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    cepLookupUrl: env.CEP_LOOKUP_URL.replace(/\/+$/, ''),
    embedOrigins: env.EMBED_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    listCacheBytes: Math.round(env.LIST_CACHE_MB * 1024 * 1024),
  };
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text;
  } catch {
    return false;
  }
}
