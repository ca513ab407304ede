import { PSC_MAX_LIFETIME_DEFAULT_SECONDS, ZPscProviderId } from '@escriba/contract';
import { z } from 'zod';
import { trimSlash, type EnvOf } from './env-values';

/** One provider of PSC_PROVIDERS, as the System page's form has it. */
const ZEnvPscProvider = z.strictObject({
  id: ZPscProviderId,
  name: z.string().min(1),
  base_url: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  max_lifetime_seconds: z.number().int().min(300).default(PSC_MAX_LIFETIME_DEFAULT_SECONDS),
  push: z.boolean().default(false),
});

export const signatureVariables = {
  ICP_BRASIL_EXTRA_ANCHORS_DIR: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  PSC_PROVIDERS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return [];
      try {
        return JSON.parse(value) as unknown;
      } catch {
        // The message never repeats the value: it holds client secrets.
        context.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
        return z.NEVER;
      }
    })
    .pipe(z.array(ZEnvPscProvider)),
  PSC_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
};

/** A PSC provider (DOC-ICP-17.01): where its API is (before `/v0/oauth`) and Escriba's client there. */
export interface PscProviderConfig {
  id: string;
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  maxLifetimeSeconds: number;
  /** Whether it notifies her phone (VIDaaS's push: `redirect_uri=push://`, then its authentications endpoint). */
  push: boolean;
}

/** Whom a certificate's chain is checked against, and the cloud certificates' providers. */
export interface SignaturesConfig {
  /**
   * A folder of further trust anchors (PEM or DER certificates: a new ICP-Brasil root, intermediate ACs, a
   * test AC), read at each check; undefined: the shipped roots alone.
   */
  extraAnchorsDir: string | undefined;
  /** The providers of PSC_PROVIDERS; the System page adds its own. */
  pscProviders: PscProviderConfig[];
  /** How long one call to a provider may take before the signature is given up. */
  pscTimeoutMs: number;
}

export function readSignaturesConfig(env: EnvOf<typeof signatureVariables>): SignaturesConfig {
  return {
    extraAnchorsDir: env.ICP_BRASIL_EXTRA_ANCHORS_DIR,
    pscProviders: env.PSC_PROVIDERS.map((provider) => ({
      id: provider.id,
      name: provider.name,
      baseUrl: trimSlash(provider.base_url)!,
      clientId: provider.client_id,
      clientSecret: provider.client_secret,
      maxLifetimeSeconds: provider.max_lifetime_seconds,
      push: provider.push,
    })),
    pscTimeoutMs: env.PSC_TIMEOUT_MS,
  };
}
