import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { App } from '../services';

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
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(scalar, { routePrefix: '/api/docs', configuration: { url: '/api/v1/openapi.json' } });
}
