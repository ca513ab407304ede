import { z } from 'zod';
import { trimSlash, ZOptionalSecret, ZOptionalUrl, type EnvOf, type EnvRule } from './env-values';

export const transcriptionVariables = {
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
  // The most chunks one instance sends the provider at once; under it the worker sizes itself by Little's
  // law (adaptive-concurrency.ts): 500 consultations (100 chunks/s) on a 300 ms provider need about 50.
  TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(128),
  // `realtime`: chunks are relayed to a streaming provider (REALTIME_URL), their words shown as they come.
  TRANSCRIPTION_MODE: z.enum(['batch', 'realtime']).default('batch'),
  REALTIME_URL: ZOptionalUrl.refine((url) => !url || /^wss?:/.test(url), 'use a ws:// or wss:// URL'),
  REALTIME_API_KEY: ZOptionalSecret,
  REALTIME_MODEL: z.string().trim().min(1).default('gpt-4o-transcribe'),
  MAX_CHUNK_MB: z.coerce.number().positive().default(10),
  AUDIO_RETENTION: z.enum(['delete', 'keep']).default('delete'),
};

export const transcriptionRules: EnvRule<EnvOf<typeof transcriptionVariables>>[] = [
  {
    isValid: (env) => env.TRANSCRIPTION_MODE !== 'realtime' || Boolean(env.REALTIME_URL),
    message: 'TRANSCRIPTION_MODE=realtime needs REALTIME_URL',
    variable: 'REALTIME_URL',
  },
];

/** Where audio is transcribed (README "Configuration"); a provider without a URL is not configured. */
export interface TranscriptionConfig {
  whisper: { url: string | undefined; apiKey: string | undefined; models: Record<string, string> };
  cloud: { url: string | undefined; apiKey: string | undefined; model: string };
  /** The streaming provider chunks are relayed to first, when TRANSCRIPTION_MODE is `realtime`. */
  realtime: RealtimeConfig | undefined;
  timeoutMs: number;
  /** The most chunks one instance transcribes at once (what the provider takes). */
  concurrency: number;
  maxChunkBytes: number;
  /** `delete`: a chunk's audio is removed once the final transcript is stored. */
  audioRetention: 'delete' | 'keep';
  /** A chunk's tries while its provider is down wait this long, doubling from `firstSeconds` up to `maxSeconds`. */
  retryBackoff: { firstSeconds: number; maxSeconds: number };
}

export interface RealtimeConfig {
  url: string;
  apiKey: string | undefined;
  model: string;
  /** A chunk whose provider says nothing for this long is transcribed by batch instead. */
  stallMs: number;
}

// Not settings: tests shorten them so that they need not wait out real backoffs or stalls.
const RETRY_BACKOFF = { firstSeconds: 1, maxSeconds: 60 };
const REALTIME_STALL_MS = 15_000;

export function readTranscriptionConfig(env: EnvOf<typeof transcriptionVariables>): TranscriptionConfig {
  return {
    whisper: { url: trimSlash(env.WHISPER_URL), apiKey: env.WHISPER_API_KEY, models: parsePairs(env.WHISPER_MODELS) },
    cloud: {
      url: trimSlash(env.TRANSCRIPTION_URL),
      apiKey: env.TRANSCRIPTION_API_KEY,
      model: env.TRANSCRIPTION_MODEL,
    },
    realtime:
      env.TRANSCRIPTION_MODE === 'realtime' && env.REALTIME_URL
        ? { url: env.REALTIME_URL, apiKey: env.REALTIME_API_KEY, model: env.REALTIME_MODEL, stallMs: REALTIME_STALL_MS }
        : undefined,
    timeoutMs: env.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
    concurrency: env.TRANSCRIPTION_CONCURRENCY,
    maxChunkBytes: Math.round(env.MAX_CHUNK_MB * 1024 * 1024),
    audioRetention: env.AUDIO_RETENTION,
    retryBackoff: RETRY_BACKOFF,
  };
}

function parsePairs(list: string): Record<string, string> {
  return Object.fromEntries(list ? list.split(',').map((pair) => pair.split('=') as [string, string]) : []);
}
