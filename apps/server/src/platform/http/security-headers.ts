import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';

/**
 * The app loads only its own code and fonts; it talks to itself, its live channel and the CEP service.
 * `scriptHashes` allow the inline scripts of a page that needs them (the API reference's start-up script).
 */
function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      // The recorder's voice activity detector runs Silero VAD on onnxruntime-web's WebAssembly, served from here
      // (issue 34): compiling WebAssembly needs this, and it allows no JavaScript eval.
      'script-src': ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((hash) => `'${hash}'`)],
      // Radix positions popovers with inline style attributes.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws:', 'wss:', new URL(config.cepLookupUrl).origin],
      'media-src': ["'self'", 'blob:'],
      'upgrade-insecure-requests': null,
    },
  };
}

/**
 * helmet's headers, read once: with no nonce they are the same on every response, so each request
 * only copies them (@fastify/helmet runs helmet's whole middleware again on every request).
 */
function securityHeaders(config: Config, scriptHashes?: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader() {},
  };
  let isDone = false;
  helmet({ contentSecurityPolicy: contentSecurityPolicy(config, scriptHashes) })(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => (isDone = true),
  );
  if (!isDone) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** The app's content security policy, also allowing inline scripts with these `sha256-…` hashes. */
export function contentSecurityPolicyAllowing(config: Config, scriptHashes: string[]): string {
  return securityHeaders(config, scriptHashes)['content-security-policy']!;
}

// What an API answer (JSON, or a file the app shows) needs, after OWASP's REST Security Cheat Sheet: never cached
// (it carries patients' data and clinics share computers), never sniffed into another type, never framed, never
// read by another site's page. A page's policies (scripts, styles, the CEP service) mean nothing to it, and each
// header is written on every API request.
const API_PREFIX = '/api/v1/';
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const EMBED_PREFIX = '/embed/';

/**
 * The embedded panel's pages: framed by EMBED_ORIGINS' pages (CSP frame-ancestors, which browsers obey over
 * X-Frame-Options, dropped here), and keeping its log-in pop-up's link to the frame that opened it (a pop-up
 * under `same-origin` opener policy loses `window.opener` when the frame's top page is another origin's).
 */
function embedHeaders(config: Config, pageHeaders: Record<string, string>): Record<string, string> {
  const { 'x-frame-options': _framing, ...headers } = pageHeaders;
  const ancestors = ["'self'", ...config.embedOrigins].join(' ');
  return {
    ...headers,
    'content-security-policy': headers['content-security-policy']!.replace(
      /frame-ancestors [^;]*/,
      `frame-ancestors ${ancestors}`,
    ),
    'cross-origin-opener-policy': 'unsafe-none',
  };
}

/** helmet's headers on the pages and files of `app`, API_HEADERS and HSTS on its API answers. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pageHeaders = securityHeaders(config);
  const framedHeaders = embedHeaders(config, pageHeaders);
  const apiHeaders = { ...API_HEADERS, 'strict-transport-security': pageHeaders['strict-transport-security']! };
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(url.startsWith(API_PREFIX) ? apiHeaders : url.startsWith(EMBED_PREFIX) ? framedHeaders : pageHeaders);
    done();
  });
}
