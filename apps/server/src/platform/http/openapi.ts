import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { App } from '../services';
import { contentSecurityPolicyAllowing, registerSecurityHeaders } from './security-headers';

/** The OpenAPI document generated from the contract's zod schemas, and a reference page for it. */
export async function registerOpenApi(app: App, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Escriba API',
        version: '1.0.0',
        description: 'Assistente de consultas clínicas: autenticação, contas, perfil e dados de referência.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token de sessão de POST /token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // Its own context, so the security headers reach the routes the reference's plugin adds.
  await app.register(async (docs) => {
    registerSecurityHeaders(docs, config);
    allowOwnInlineScripts(docs, config);
    docs.get('/api/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      configuration: {
        url: '/api/v1/openapi.json',
        // The page runs on the app's origin, where the session token is readable: it asks nothing of
        // other hosts (fonts, telemetry, the AI agent's service, the developer tools' share and deploy
        // to Scalar's registry, shown on localhost); the CSP enforces it too.
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        showDeveloperTools: 'never',
      },
    });
  });
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The reference page starts itself with an inline script: its HTML pages get the app's policy with
 * that script's hash, not 'unsafe-inline'. The page is the same on every request, so the policy is
 * built once per page text.
 */
function allowOwnInlineScripts(docs: App, config: Config): void {
  let policyOf: { html: string; policy: string } | undefined;
  docs.addHook('onSend', (_request, reply, payload, done) => {
    const isHtml = String(reply.getHeader('content-type')).startsWith('text/html');
    if (isHtml && typeof payload === 'string') {
      if (policyOf?.html !== payload) {
        const hashes = [...payload.matchAll(INLINE_SCRIPT)].map(
          ([, script]) => `sha256-${createHash('sha256').update(script!).digest('base64')}`,
        );
        policyOf = { html: payload, policy: contentSecurityPolicyAllowing(config, hashes) };
      }
      reply.header('content-security-policy', policyOf.policy);
    }
    done(null, payload);
  });
}
