import { z } from 'zod';
import { zLine, zString } from './text';

/**
 * Cloud certificates (BirdID, VIDaaS, SafeID, NeoID…) reached through the PSC API that ITI standardised
 * (DOC-ICP-17.01, `/v0/oauth/…`): the professional authorises Escriba for a while, and each signature is the
 * provider's signature of a hash.
 */

/** How long an authorisation may last when a provider does not say less (seven days, as the PSCs allow). */
export const PSC_MAX_LIFETIME_DEFAULT_SECONDS = 7 * 24 * 3600;
/** The lifetimes the profile offers, those within the provider's limit. */
export const PSC_LIFETIME_CHOICES_SECONDS = [3600, 8 * 3600, 24 * 3600, 7 * 24 * 3600] as const;

export const ZPscProviderId = zString({ min: 1, max: 40, required: 'Informe o identificador do provedor' }).regex(
  /^[a-z0-9][a-z0-9_-]*$/,
  'Use letras minúsculas, números, hífens e sublinhados (ex.: birdid)',
);

/** A provider the professional can connect to (GET /user/me/cloud-certificate/providers). */
export const ZPscProvider = z.object({
  id: z.string(),
  name: z.string(),
  /** The longest authorisation it grants, in seconds. */
  max_lifetime_seconds: z.number().int(),
  /** Whether it can ask her phone directly (VIDaaS's push), besides its authorisation page. */
  push: z.boolean(),
});
export type TPscProvider = z.infer<typeof ZPscProvider>;
export const ZPscProviderList = z.array(ZPscProvider);

/** A provider as the administrator sees it: the client secret is never shown back. */
export const ZAdminPscProvider = ZPscProvider.extend({
  base_url: z.url(),
  client_id: z.string(),
  /** Whether a client secret is kept. */
  has_client_secret: z.boolean(),
  /** `environment`: from PSC_PROVIDERS, changed only there; `admin`: made on the System page. */
  source: z.enum(['environment', 'admin']),
});
export type TAdminPscProvider = z.infer<typeof ZAdminPscProvider>;
export const ZAdminPscProviderList = z.array(ZAdminPscProvider);

/** PUT /admin/psc-providers/{id}: a provider made or changed; a blank client_secret keeps the one kept. */
export const ZPscProviderBody = z.strictObject({
  name: zLine({ max: 80, required: 'Informe o nome do provedor' }),
  base_url: z.url({ protocol: /^https?$/, error: 'Informe o endereço da API do provedor (https://…)' }).max(500),
  client_id: zString({ min: 1, max: 200, required: 'Informe o client_id' }),
  client_secret: zString({ max: 500 }).optional(),
  max_lifetime_seconds: z
    .number()
    .int()
    .min(300, 'Use ao menos 300 segundos')
    .max(30 * 24 * 3600, 'Use no máximo 30 dias')
    .default(PSC_MAX_LIFETIME_DEFAULT_SECONDS),
  push: z.boolean().default(false),
});
export type TPscProviderBody = z.input<typeof ZPscProviderBody>;

/** POST /user/me/cloud-certificate/slots: the certificates a provider holds for her CPF. */
export const ZCloudSlotsBody = z.strictObject({ provider_id: ZPscProviderId });
export const ZCloudSlot = z.object({ alias: z.string(), label: z.string() });
export const ZCloudSlotList = z.array(ZCloudSlot);
export type TCloudSlot = z.infer<typeof ZCloudSlot>;

/** POST /user/me/cloud-certificate/authorization: starts the provider's authorisation (OAuth 2.0 with PKCE). */
export const ZCloudAuthorizationBody = z.strictObject({
  provider_id: ZPscProviderId,
  certificate_alias: zString({ min: 1, max: 200, required: 'Escolha o certificado' }),
  lifetime_seconds: z.number().int().min(300, 'Use ao menos 300 segundos'),
  /**
   * `redirect`: she authorises on the provider's page and comes back; `push`: the provider notifies her phone and
   * the app asks POST …/cloud-certificate/push until she approves (providers with `push` only).
   */
  flow: z.enum(['redirect', 'push'], 'Use redirect ou push').default('redirect'),
  /** The app's page to come back to once authorised ("/consultas/…"); the profile when absent. */
  return_to: zString({ max: 300 })
    .regex(/^\/(?!\/)/, 'Use um caminho do próprio app')
    .optional(),
});
/** As the app sends it (`flow` may be left out). */
export type TCloudAuthorizationBody = z.input<typeof ZCloudAuthorizationBody>;
/** As the server reads it. */
export type TCloudAuthorization = z.output<typeof ZCloudAuthorizationBody>;
export const ZCloudAuthorizationAnswer = z.object({
  /**
   * The provider's page where she authorises; it sends her back to `${PUBLIC_URL}` + CLOUD_CERTIFICATE_CALLBACK_PATH.
   * Null for a push: she approves on her phone.
   */
  authorize_url: z.url().nullable(),
  /** The authorisation's `state`, which a push is followed by. */
  state: z.string(),
});
export type TCloudAuthorizationAnswer = z.infer<typeof ZCloudAuthorizationAnswer>;

/** POST /user/me/cloud-certificate/push: has she approved on her phone? */
export const ZCloudPushBody = z.strictObject({
  state: zString({ min: 1, max: 200, required: 'Falta o state da autorização' }),
});
/** While she has not approved yet (202). */
export const ZCloudPushWaiting = z.object({ status: z.literal('waiting') });
/** How often the app asks, and for how long (the provider keeps a push open about that long). */
export const CLOUD_PUSH_POLL_MS = 2_000;

/** Where the provider sends her back with `code` and `state` (the redirect URI to register with it). */
export const CLOUD_CERTIFICATE_CALLBACK_PATH = '/user/profile/cloud-certificate';

/** POST /user/me/cloud-certificate: the callback's `code` and `state`, which finish the connection. */
export const ZCloudConnectionBody = z.strictObject({
  state: zString({ min: 1, max: 200, required: 'Falta o state da autorização' }),
  code: zString({ min: 1, max: 2000, required: 'Falta o código da autorização' }),
});

/** GET /user/me/cloud-certificate: the connected certificate and its authorisation; null when none. */
export const ZCloudCertificate = z.object({
  provider_id: z.string(),
  provider_name: z.string(),
  /** Whether the provider is still configured on this server. */
  provider_available: z.boolean(),
  certificate_alias: z.string(),
  holder_name: z.string(),
  cpf: z.string().nullable(),
  issuer: z.string(),
  valid_from: z.iso.datetime(),
  valid_until: z.iso.datetime(),
  icp_brasil: z.boolean(),
  icp_brasil_problem: z.string().nullable(),
  /** Until when Escriba may sign for her without asking again; null once it expired or the provider refused it. */
  authorized_until: z.iso.datetime().nullable(),
  /** What signing needs: the sealing key (SECRETS_KEY) of the kept authorisation. */
  key_status: z.enum(['available', 'missing', 'different']),
  /** Where she came back to after authorising (the `return_to` of the authorisation). */
  return_to: z.string().nullable(),
  connected_at: z.iso.datetime(),
});
export type TCloudCertificate = z.infer<typeof ZCloudCertificate>;

/** "1 hora", "8 horas", "1 dia", "7 dias". */
export function formatLifetime(seconds: number): string {
  const hours = Math.round(seconds / 3600);
  if (hours < 24) return hours === 1 ? '1 hora' : `${hours} horas`;
  const days = Math.round(hours / 24);
  return days === 1 ? '1 dia' : `${days} dias`;
}
