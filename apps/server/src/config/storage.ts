import { z } from 'zod';
import { trimSlash, ZBoolean, ZOptionalSecret, ZOptionalUrl, type EnvOf, type EnvRule } from './env-values';

// Files go to this S3 (or S3-compatible) bucket instead of DATA_DIR/files when S3_BUCKET is set.
export const s3Variables = {
  S3_BUCKET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  S3_ENDPOINT: ZOptionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: ZOptionalSecret,
  S3_SECRET_ACCESS_KEY: ZOptionalSecret,
  S3_FORCE_PATH_STYLE: ZBoolean.optional(),
};

type S3Env = EnvOf<typeof s3Variables>;

export const s3Rules: EnvRule<S3Env>[] = [
  {
    isValid: (env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY),
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    variable: 'S3_SECRET_ACCESS_KEY',
  },
  {
    isValid: (env) => Boolean(env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)),
    message: 'S3_BUCKET must be set for the other S3_ variables to be used',
    variable: 'S3_BUCKET',
  },
];

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

/** The bucket, or undefined without S3_BUCKET: files stay on disk. */
export function readS3Config(env: S3Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: trimSlash(env.S3_ENDPOINT),
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}
