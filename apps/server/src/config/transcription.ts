import { z } from 'zod';
import { trimSlash, ZOptionalSecret, ZOptionalUrl, type EnvOf } from './env-values';

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
  MAX_CHUNK_MB: z.coerce.number().positive().default(10),
  AUDIO_RETENTION: z.enum(['delete', 'keep']).default('delete'),
};

/** Where audio is transcribed (README "Configuration"); a provider without a URL is not configured. */
export interface TranscriptionConfig {
  whisper: { url: string | undefined; apiKey: string | undefined; models: Record<string, string> };
  cloud: { url: string | undefined; apiKey: string | undefined; model: string };
  timeoutMs: number;
  /** The most chunks one instance transcribes at once (what the provider takes). */
  concurrency: number;
  maxChunkBytes: number;
  /** `delete`: a chunk's audio is removed once the final transcript is stored. */
  audioRetention: 'delete' | 'keep';
  /** A chunk's tries while its provider is down wait this long, doubling from `firstSeconds` up to `maxSeconds`. */
  retryBackoff: { firstSeconds: number; maxSeconds: number };
}

// Not a setting: tests shorten it so that they need not wait out real backoffs.
const RETRY_BACKOFF = { firstSeconds: 1, maxSeconds: 60 };

export function readTranscriptionConfig(env: EnvOf<typeof transcriptionVariables>): TranscriptionConfig {
  return {
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
    retryBackoff: RETRY_BACKOFF,
  };
}

function parsePairs(list: string): Record<string, string> {
  return Object.fromEntries(list ? list.split(',').map((pair) => pair.split('=') as [string, string]) : []);
}
