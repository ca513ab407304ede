import { z } from 'zod';
import type { EnvOf } from './env-values';

export const signatureVariables = {
  ICP_BRASIL_EXTRA_ANCHORS_DIR: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
};

/** Whom a certificate's chain is checked against, besides the ICP-Brasil roots shipped in reference-data. */
export interface SignaturesConfig {
  /**
   * A folder of further trust anchors (PEM or DER certificates: a new ICP-Brasil root, intermediate ACs, a
   * test AC), read at each check; undefined: the shipped roots alone.
   */
  extraAnchorsDir: string | undefined;
}

export function readSignaturesConfig(env: EnvOf<typeof signatureVariables>): SignaturesConfig {
  return { extraAnchorsDir: env.ICP_BRASIL_EXTRA_ANCHORS_DIR };
}
