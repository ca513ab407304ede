// A loopback PSC speaking ITI's cloud signature API (DOC-ICP-17.01, /v0/oauth/…) for holders whose certificates a
// test AC issued: user discovery, the authorization page and its code with PKCE (S256) or VIDaaS's push to her phone,
// the token, certificate discovery and the RAW signature of a SHA-256 hash. Tests choose its failures. Tests only.
import { constants, createHash, privateEncrypt, randomBytes, X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from './loopback-server';

export const PSC_CLIENT_ID = 'escriba-testes';
export const PSC_CLIENT_SECRET = 'segredo-do-cliente-psc';
export const PSC_CERTIFICATE_ALIAS = 'certificado-nuvem-1';
const SHA256_OID = '2.16.840.1.101.3.4.2.1';
// DER of DigestInfo { sha256, NULL } before the 32 bytes of the hash (RFC 8017 §9.2, note 1).
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export type PscRoute =
  'user-discovery' | 'authorize' | 'token' | 'certificate-discovery' | 'signature' | 'push-authentications';
// Where VIDaaS answers whether a push was approved, at the root of its host.
const PUSH_AUTHENTICATIONS = '/valid/api/v1/trusted-services/authentications';

/** What the fixture does with one call: answer `status` with `body`, wait `delayMs` first, or never answer. */
export interface PscBehaviour {
  status?: number;
  body?: unknown;
  delayMs?: number;
  hang?: boolean;
}

export interface PscHolder {
  cpf: string;
  /** PEM, as the test AC issued them. */
  certificate: Buffer;
  key: Buffer;
  /** The certificate discovery's form of it: base64 of the DER (the default) or the PEM itself. */
  certificateForm?: 'der-base64' | 'pem';
}

interface Pending {
  holder: PscHolder;
  state: string;
  redirectUri: string;
  challenge: string;
  lifetime: number;
}

/** Everything each route was asked, in order, for the tests to read. */
export interface PscCall {
  route: PscRoute;
  query: URLSearchParams;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

export class PscFixture extends LoopbackServer {
  readonly calls: PscCall[] = [];
  /** The longest authorisation it grants, in seconds. */
  maxLifetimeSeconds = 7 * 86_400;
  behave: (route: PscRoute) => PscBehaviour = () => ({});
  private readonly pending = new Map<string, Pending>();
  private readonly codes = new Map<string, Pending>();
  /** Pushes sent to a phone, by the code the authentications endpoint answers for; approved ones carry their code. */
  private readonly pushes = new Map<string, Pending & { approvedCode?: string }>();
  private readonly tokens = new Map<string, { holder: PscHolder; expiresAt: number }>();
  private readonly holders = new Map<string, PscHolder>();

  private constructor() {
    super();
  }

  static start(): Promise<PscFixture> {
    return new PscFixture().listen();
  }

  /** A professional whose certificate the provider keeps, known by her CPF. */
  addHolder(holder: PscHolder): void {
    this.holders.set(holder.cpf, holder);
  }

  /** The base URL an administrator gives Escriba (before /v0/oauth). */
  get baseUrl(): string {
    return `${this.origin}/psc`;
  }

  /** The provider as PSC_PROVIDERS names it. */
  providerConfig(id = 'psc-teste', name = 'PSC de Testes'): Record<string, unknown> {
    return { id, name, base_url: this.baseUrl, client_id: PSC_CLIENT_ID, client_secret: PSC_CLIENT_SECRET };
  }

  /** Her phone approves the authorisation begun at `authorizeUrl`: where the provider sends her back. */
  async approve(authorizeUrl: string): Promise<URL> {
    const page = await fetch(authorizeUrl);
    const id = /decision\?id=([\w-]+)/.exec(await page.text())?.[1];
    if (!id) throw new Error(`no authorization page (HTTP ${page.status})`);
    const decision = await fetch(`${this.baseUrl}/v0/oauth/authorize/decision?id=${id}`, { redirect: 'manual' });
    return new URL(decision.headers.get('location')!);
  }

  /** Her phone approves the last push sent to it. */
  approvePush(): void {
    const push = [...this.pushes.values()].at(-1);
    if (!push) throw new Error('no push was sent');
    push.approvedCode = randomBytes(18).toString('base64url');
    this.codes.set(push.approvedCode, push);
  }

  /** Every token given so far expires now (as the lifetime she chose ends). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  signatureCount(): number {
    return this.calls.filter((call) => call.route === 'signature').length;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const route =
      url.pathname === PUSH_AUTHENTICATIONS ? 'push-authentications' : url.pathname.replace(/^\/psc\/v0\/oauth\//, '');
    if (route === 'authorize/decision') return this.decide(url, response);
    if (!isRoute(route)) return json(response, 404, { error: 'not_found' });
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = parseBody(Buffer.concat(chunks).toString(), request.headers['content-type']);
    this.calls.push({ route, query: url.searchParams, body, authorization: request.headers.authorization });
    const behaviour = this.behave(route);
    if (behaviour.hang) return; // LoopbackServer.close destroys the socket
    if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.status) return json(response, behaviour.status, behaviour.body ?? { error: 'server_error' });
    const handlers: Record<PscRoute, () => void> = {
      'user-discovery': () => this.discoverUser(body, response),
      authorize: () => this.authorizePage(url.searchParams, response),
      token: () => this.token(body, response),
      'certificate-discovery': () => this.discoverCertificates(request, response),
      signature: () => this.sign(request, body, response),
      'push-authentications': () => this.pushAuthentication(url.searchParams, response),
    };
    handlers[route]();
  }

  private discoverUser(body: Record<string, unknown>, response: ServerResponse): void {
    if (!isClient(body.client_id, body.client_secret)) return json(response, 401, { error: 'invalid_client' });
    const found = body.user_cpf_cnpj === 'CPF' && this.holders.has(String(body.val_cpf_cnpj));
    json(
      response,
      200,
      found
        ? { status: 'S', slots: [{ slot_alias: PSC_CERTIFICATE_ALIAS, label: 'e-CPF A3 em nuvem' }] }
        : { status: 'N', slots: [] },
    );
  }

  private authorizePage(query: URLSearchParams, response: ServerResponse): void {
    const valid =
      query.get('response_type') === 'code' &&
      query.get('client_id') === PSC_CLIENT_ID &&
      query.get('code_challenge_method') === 'S256' &&
      query.get('scope') === 'signature_session' &&
      (query.get('code_challenge') ?? '').length >= 43 &&
      /^(https?|push):\/\//.test(query.get('redirect_uri') ?? '') &&
      this.holders.has(query.get('login_hint') ?? '');
    if (!valid) return json(response, 400, { error: 'invalid_request' });
    const id = randomBytes(8).toString('hex');
    const pending = {
      holder: this.holders.get(query.get('login_hint')!)!,
      state: query.get('state') ?? '',
      redirectUri: query.get('redirect_uri')!,
      challenge: query.get('code_challenge')!,
      lifetime: Number(query.get('lifetime') ?? this.maxLifetimeSeconds),
    };
    if (pending.redirectUri === 'push://') {
      // VIDaaS notifies the phone and answers, as text, the code its authentications endpoint answers for.
      this.pushes.set(id, pending);
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`code=${id}`);
      return;
    }
    this.pending.set(id, pending);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>PSC de Testes</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<h1>PSC de Testes</h1><p>O Escriba pede autorização para assinar documentos com o seu certificado.</p>
<p><a href="/psc/v0/oauth/authorize/decision?id=${id}">Autorizar</a></p></body></html>`);
  }

  private decide(url: URL, response: ServerResponse): void {
    const pending = this.pending.get(url.searchParams.get('id') ?? '');
    if (!pending) return json(response, 400, { error: 'invalid_request' });
    this.pending.delete(url.searchParams.get('id')!);
    const code = randomBytes(18).toString('base64url');
    this.codes.set(code, pending);
    const back = new URL(pending.redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', pending.state);
    response.writeHead(302, { location: back.href }).end();
  }

  private pushAuthentication(query: URLSearchParams, response: ServerResponse): void {
    const push = this.pushes.get(query.get('code') ?? '');
    if (!push) return json(response, 404, { error: 'not_found' });
    if (!push.approvedCode) return void response.writeHead(304).end();
    json(response, 200, { authorizationToken: push.approvedCode, redirectUrl: 'push://' });
  }

  private token(body: Record<string, unknown>, response: ServerResponse): void {
    if (!isClient(body.client_id, body.client_secret)) return json(response, 401, { error: 'invalid_client' });
    if (body.grant_type !== 'authorization_code') return json(response, 400, { error: 'unsupported_grant_type' });
    const grant = this.codes.get(String(body.code));
    this.codes.delete(String(body.code));
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!grant || grant.redirectUri !== body.redirect_uri || challenge !== grant.challenge) {
      return json(response, 400, { error: 'invalid_grant' });
    }
    const expiresIn = Math.min(grant.lifetime, this.maxLifetimeSeconds);
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { holder: grant.holder, expiresAt: Date.now() + expiresIn * 1000 });
    json(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: 'signature_session',
      authorized_identification_type: 'CPF',
      authorized_identification: grant.holder.cpf,
    });
  }

  private discoverCertificates(request: IncomingMessage, response: ServerResponse): void {
    const holder = this.authorizedHolder(request);
    if (!holder) return json(response, 401, { error: 'invalid_token' });
    const { certificate, certificateForm = 'der-base64' } = holder;
    const given =
      certificateForm === 'pem' ? certificate.toString() : new X509Certificate(certificate).raw.toString('base64');
    json(response, 200, { status: 'S', certificates: [{ alias: PSC_CERTIFICATE_ALIAS, certificate: given }] });
  }

  private sign(request: IncomingMessage, body: Record<string, unknown>, response: ServerResponse): void {
    const holder = this.authorizedHolder(request);
    if (!holder) return json(response, 401, { error: 'invalid_token' });
    const hashes = Array.isArray(body.hashes) ? (body.hashes as Record<string, unknown>[]) : [];
    if (body.certificate_alias !== PSC_CERTIFICATE_ALIAS || hashes.length === 0) {
      return json(response, 400, { error: 'invalid_request' });
    }
    const signatures = [];
    for (const item of hashes) {
      const hash = Buffer.from(String(item.hash), 'base64');
      if (item.hash_algorithm !== SHA256_OID || item.signature_format !== 'RAW' || hash.length !== 32) {
        return json(response, 400, { error: 'invalid_request' });
      }
      const signature = privateEncrypt(
        { key: holder.key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO, hash]),
      );
      signatures.push({ id: item.id, raw_signature: signature.toString('base64') });
    }
    json(response, 200, { certificate_alias: PSC_CERTIFICATE_ALIAS, signatures });
  }

  private authorizedHolder(request: IncomingMessage): PscHolder | undefined {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const known = token === undefined ? undefined : this.tokens.get(token);
    return known && known.expiresAt > Date.now() ? known.holder : undefined;
  }
}

function isRoute(route: string): route is PscRoute {
  return [
    'user-discovery',
    'authorize',
    'token',
    'certificate-discovery',
    'signature',
    'push-authentications',
  ].includes(route);
}

function isClient(id: unknown, secret: unknown): boolean {
  return id === PSC_CLIENT_ID && secret === PSC_CLIENT_SECRET;
}

function parseBody(text: string, contentType: string | undefined): Record<string, unknown> {
  if (!text) return {};
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
