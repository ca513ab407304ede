import { z } from 'zod';
import type { PscProviderConfig } from '../../config/signatures';

// DOC-ICP-17.01's hash algorithm for SHA-256, and the form of a signature over a hash (PKCS#1 v1.5 of it).
const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const RAW = 'RAW';
// The scope of an authorisation that signs many documents for its lifetime.
export const SIGNATURE_SESSION = 'signature_session';
/** The redirect URI that asks VIDaaS to notify her phone instead of showing its page. */
export const PUSH_REDIRECT_URI = 'push://';
// Where VIDaaS answers whether a push was approved (beside its /v0/oauth API, not under it).
const PUSH_AUTHENTICATIONS = '/valid/api/v1/trusted-services/authentications';

/** Why a call to the provider failed: what the professional is told depends on it. */
export type PscFailure =
  /** The provider did not answer in time, or could not be reached. */
  | 'unreachable'
  /** The provider refused the access token (expired, revoked): she must authorise again. */
  | 'unauthorized'
  /** The provider refused the request itself (a wrong code or verifier, an unknown client…). */
  | 'refused'
  /** The provider answered something the protocol does not describe. */
  | 'malformed';

export class PscError extends Error {
  constructor(
    readonly failure: PscFailure,
    readonly status?: number,
  ) {
    super(`PSC ${failure}${status ? ` (HTTP ${status})` : ''}`);
  }
}

const ZSlots = z.object({
  status: z.string().optional(),
  slots: z.array(z.object({ slot_alias: z.string(), label: z.string().nullish() })).nullish(),
});
const ZToken = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  authorized_identification: z.string().nullish(),
});
const ZCertificates = z.object({
  certificates: z.array(z.object({ alias: z.string(), certificate: z.string() })).nullish(),
});
const ZPushApproval = z.object({ authorizationToken: z.string().min(1) });
const ZSignatures = z.object({
  signatures: z.array(z.object({ id: z.string(), raw_signature: z.string() })),
});

export interface PscToken {
  accessToken: string;
  expiresInSeconds: number;
  /** The CPF the provider authorised, when it says. */
  cpf: string | undefined;
}

/**
 * A PSC's API as ITI standardised it (DOC-ICP-17.01, `/v0/oauth/…`): user discovery, the authorization code with
 * PKCE, certificate discovery and the signature of a hash. Every call has `timeoutMs`; nothing is retried here
 * (a signature retried may be a signature charged twice).
 */
export class PscClient {
  constructor(
    private readonly provider: PscProviderConfig,
    private readonly timeoutMs: number,
  ) {}

  get providerName(): string {
    return this.provider.name;
  }

  /** The aliases of the certificates the provider holds for a CPF (empty when none). */
  async findSlots(cpf: string): Promise<{ alias: string; label: string }[]> {
    const answer = ZSlots.safeParse(
      await this.call('/v0/oauth/user-discovery', {
        method: 'POST',
        json: {
          client_id: this.provider.clientId,
          client_secret: this.provider.clientSecret,
          user_cpf_cnpj: 'CPF',
          val_cpf_cnpj: cpf,
        },
      }),
    );
    if (!answer.success) throw new PscError('malformed');
    if (answer.data.status !== undefined && answer.data.status !== 'S') return [];
    return (answer.data.slots ?? []).map((slot) => ({ alias: slot.slot_alias, label: slot.label || slot.slot_alias }));
  }

  /** The provider's page where she authorises a signature session for `lifetimeSeconds`. */
  authorizeUrl(request: AuthorizationRequest & { redirectUri: string }): string {
    const url = new URL(`${this.provider.baseUrl}/v0/oauth/authorize`);
    const params = {
      response_type: 'code',
      client_id: this.provider.clientId,
      redirect_uri: request.redirectUri,
      scope: SIGNATURE_SESSION,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      state: request.state,
      lifetime: String(request.lifetimeSeconds),
      login_hint: request.cpf,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  /** Asks the provider to notify her phone (VIDaaS's push): the code its authentications endpoint answers for. */
  async requestPush(request: AuthorizationRequest): Promise<string> {
    const { status, text } = await this.request(this.authorizeUrl({ ...request, redirectUri: PUSH_REDIRECT_URI }), {
      method: 'GET',
    });
    this.assertAnswered(status);
    // VIDaaS answers `code=…` as text; others JSON `{"code": …}`.
    const code = /^code=(.+)$/.exec(text.trim())?.[1] ?? parseJson<{ code?: unknown }>(text)?.code;
    if (typeof code !== 'string' || !code) throw new PscError('malformed', status);
    return code;
  }

  /** The code to exchange once she approved the push on her phone; undefined while she has not. */
  async pushApproval(pushCode: string): Promise<string | undefined> {
    const url = new URL(`${new URL(this.provider.baseUrl).origin}${PUSH_AUTHENTICATIONS}`);
    url.searchParams.set('code', pushCode);
    const { status, text } = await this.request(url.href, { method: 'GET' });
    if (status === 304 || status === 202) return undefined;
    this.assertAnswered(status);
    const approval = ZPushApproval.safeParse(parseJson(text));
    if (!approval.success) throw new PscError('malformed', status);
    return approval.data.authorizationToken;
  }

  /** Exchanges the code the provider sent back for an access token (RFC 6749 §4.1.3 with RFC 7636's verifier). */
  async exchangeCode(request: { code: string; codeVerifier: string; redirectUri: string }): Promise<PscToken> {
    const answer = ZToken.safeParse(
      await this.call('/v0/oauth/token', {
        method: 'POST',
        form: {
          grant_type: 'authorization_code',
          client_id: this.provider.clientId,
          client_secret: this.provider.clientSecret,
          code: request.code,
          redirect_uri: request.redirectUri,
          code_verifier: request.codeVerifier,
        },
      }),
    );
    if (!answer.success) throw new PscError('malformed');
    const { access_token, expires_in, authorized_identification } = answer.data;
    return { accessToken: access_token, expiresInSeconds: expires_in, cpf: authorized_identification ?? undefined };
  }

  /** The certificates the token reaches, each as the provider gives it (DER or PEM, in base64 or not). */
  async findCertificates(accessToken: string): Promise<{ alias: string; certificate: string }[]> {
    const answer = ZCertificates.safeParse(
      await this.call('/v0/oauth/certificate-discovery', { method: 'GET', bearer: accessToken }),
    );
    if (!answer.success) throw new PscError('malformed');
    return answer.data.certificates ?? [];
  }

  /** The RSASSA-PKCS1-v1_5 signature of a SHA-256 `hash` with the certificate `alias`'s key. */
  async signHash(accessToken: string, alias: string, hash: Buffer): Promise<Buffer> {
    const answer = ZSignatures.safeParse(
      await this.call('/v0/oauth/signature', {
        method: 'POST',
        bearer: accessToken,
        json: {
          certificate_alias: alias,
          hashes: [
            {
              id: '1',
              alias: 'documento',
              hash: hash.toString('base64'),
              hash_algorithm: SHA256_OID,
              signature_format: RAW,
            },
          ],
        },
      }),
    );
    const signature = answer.success && answer.data.signatures.find((each) => each.id === '1');
    if (!signature) throw new PscError('malformed');
    return Buffer.from(signature.raw_signature, 'base64');
  }

  private async call(route: string, request: PscRequest): Promise<unknown> {
    const { status, text } = await this.request(`${this.provider.baseUrl}${route}`, request);
    this.assertAnswered(status);
    const body = parseJson(text);
    if (body === undefined) throw new PscError('malformed', status);
    return body;
  }

  private async request(url: string, request: PscRequest): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
    let body: string | undefined;
    if (request.json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    try {
      const response = await fetch(url, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch {
      throw new PscError('unreachable');
    }
  }

  /** A refusal of the token (401), a provider in trouble (5xx) or a refused request (other 4xx) throws. */
  private assertAnswered(status: number): void {
    if (status === 401) throw new PscError('unauthorized', 401);
    if (status >= 500) throw new PscError('unreachable', status);
    if (status >= 400 || status < 200) throw new PscError('refused', status);
  }
}

/** One call: a JSON or form body, with her token where the call needs it. */
interface PscRequest {
  method: 'GET' | 'POST';
  bearer?: string;
  json?: Record<string, unknown>;
  form?: Record<string, string>;
}

interface AuthorizationRequest {
  cpf: string;
  codeChallenge: string;
  state: string;
  lifetimeSeconds: number;
}

function parseJson<T = unknown>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
