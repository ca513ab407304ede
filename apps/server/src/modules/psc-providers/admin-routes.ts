import { ZAdminPscProvider, ZAdminPscProviderList, ZPscProviderBody, ZPscProviderId } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { ADMIN_ACCESS, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { listAdminPscProviders } from './psc-provider-store';
import { deletePscProvider, savePscProvider } from './save-psc-provider';

const tags = ['admin'];
const ZParams = z.object({ id: ZPscProviderId });

/** The System page's PSC providers, through which professionals sign with cloud certificates. */
export async function adminPscProviderRoutes(app: App): Promise<void> {
  app.get(
    '/admin/psc-providers',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags,
        summary: 'Provedores de certificado em nuvem (PSC)',
        description:
          'Os de PSC_PROVIDERS (source environment, só mudam no ambiente) e os cadastrados aqui (source admin). O client_secret nunca é devolvido.',
        security: BEARER_SECURITY,
        response: { 200: ZAdminPscProviderList, ...ADMIN_ROUTE_ERRORS },
      },
    },
    () => listAdminPscProviders(app),
  );

  app.put(
    '/admin/psc-providers/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags,
        summary: 'Cadastra ou altera um provedor PSC',
        description:
          'base_url é o endereço da API antes de /v0/oauth (DOC-ICP-17.01). client_secret é guardado cifrado (SECRETS_KEY); em branco, mantém o guardado. 409 para um provedor de PSC_PROVIDERS.',
        security: BEARER_SECURITY,
        params: ZParams,
        body: ZPscProviderBody,
        response: { 200: ZAdminPscProvider, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) =>
      savePscProvider(app, request.params.id, request.body, {
        userId: sessionOf(request).user.id,
        origin: originOf(request),
      }),
  );

  app.delete(
    '/admin/psc-providers/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags,
        summary: 'Remove um provedor PSC',
        description: 'As conexões dos profissionais com ele passam a dizer que o provedor não está configurado.',
        security: BEARER_SECURITY,
        params: ZParams,
        response: { 204: z.null(), ...ADMIN_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deletePscProvider(app, request.params.id, {
        userId: sessionOf(request).user.id,
        origin: originOf(request),
      });
      return reply.code(204).send(null);
    },
  );
}
