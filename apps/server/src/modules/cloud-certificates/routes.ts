import {
  CLOUD_CERTIFICATE_CALLBACK_PATH,
  ZCloudAuthorizationAnswer,
  ZCloudAuthorizationBody,
  ZCloudCertificate,
  ZCloudConnectionBody,
  ZCloudPushBody,
  ZCloudPushWaiting,
  ZCloudSlotList,
  ZCloudSlotsBody,
  ZErrorBody,
  ZPscProviderList,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { listPscProviders } from '../psc-providers/psc-provider-store';
import { disconnectCloudCertificate, getCloudCertificate } from './cloud-connection';
import { findCloudSlots } from './find-cloud-slots';
import { finishConnection, finishPush } from './finish-connection';
import { startAuthorization } from './start-authorization';

const tags = ['user'];
const path = '/user/me/cloud-certificate';
const PROVIDER_ERRORS = { ...USER_ROUTE_ERRORS, 503: ZErrorBody };

/** The professional's cloud certificate, reached through a PSC provider's API (DOC-ICP-17.01). */
export async function cloudCertificateRoutes(app: App): Promise<void> {
  app.get(
    `${path}/providers`,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Provedores de certificado em nuvem',
        description: 'Os provedores PSC configurados neste servidor, com a autorização mais longa que cada um concede.',
        security: BEARER_SECURITY,
        response: { 200: ZPscProviderList, ...USER_ROUTE_ERRORS },
      },
    },
    () => listPscProviders(app),
  );

  app.post(
    `${path}/slots`,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Meus certificados num provedor',
        description:
          'A descoberta de usuário do provedor (user-discovery) com o CPF do meu cadastro: os certificados que ele guarda para mim (vazio quando nenhum). 422 sem CPF no cadastro ou para um provedor não configurado; 503 quando o provedor não responde.',
        security: BEARER_SECURITY,
        body: ZCloudSlotsBody,
        response: { 200: ZCloudSlotList, ...PROVIDER_ERRORS },
      },
    },
    (request) => findCloudSlots(app, sessionOf(request).user, request.body.provider_id),
  );

  app.post(
    `${path}/authorization`,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Começa a autorização no provedor',
        description: `OAuth 2.0 (authorization code com PKCE S256, escopo signature_session) por lifetime_seconds, até o limite do provedor (422 acima dele). flow redirect (padrão): responde a página do provedor, que devolve o profissional a PUBLIC_URL${CLOUD_CERTIFICATE_CALLBACK_PATH} com code e state, e POST ${path} conclui. flow push (provedores com push, como o VIDaaS): o provedor notifica o celular, authorize_url é null e POST ${path}/push com o state conclui quando ela aprovar. Uma nova autorização substitui a que estava em curso.`,
        security: BEARER_SECURITY,
        body: ZCloudAuthorizationBody,
        response: { 200: ZCloudAuthorizationAnswer, ...PROVIDER_ERRORS },
      },
    },
    (request) => startAuthorization(app, sessionOf(request).user, request.body),
  );

  app.post(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Conclui a conexão do certificado em nuvem',
        description:
          'Com o code e o state que o provedor devolveu: troca o code pelo token (com o verificador PKCE guardado), lê o certificado escolhido na descoberta de certificados do provedor, confere validade, CPF e cadeia ICP-Brasil, e guarda o token cifrado até expirar. 422 para state desconhecido, já usado ou com mais de 10 minutos, ou code recusado pelo provedor; 503 quando o provedor não responde.',
        security: BEARER_SECURITY,
        body: ZCloudConnectionBody,
        response: { 200: ZCloudCertificate, ...PROVIDER_ERRORS },
      },
    },
    (request) => finishConnection(app, sessionOf(request).user, request.body, originOf(request)),
  );

  app.post(
    `${path}/push`,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Confere a aprovação pelo celular',
        description:
          'Pergunta ao provedor se o profissional aprovou no celular a autorização push do state: 202 enquanto não aprovou; aprovada, conclui a conexão como POST /user/me/cloud-certificate (200). 422 para state desconhecido, já concluído, com mais de 10 minutos ou que não é push; 503 quando o provedor não responde.',
        security: BEARER_SECURITY,
        body: ZCloudPushBody,
        response: { 200: ZCloudCertificate, 202: ZCloudPushWaiting, ...PROVIDER_ERRORS },
      },
    },
    async (request, reply) => {
      const finished = await finishPush(app, sessionOf(request).user, request.body.state, originOf(request));
      return finished === 'waiting' ? reply.code(202).send({ status: 'waiting' }) : finished;
    },
  );

  app.get(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Meu certificado em nuvem',
        description:
          'O certificado conectado (titular, emissor, validade, ICP-Brasil) e até quando a autorização vale (authorized_until, null quando expirou); null sem conexão.',
        security: BEARER_SECURITY,
        response: { 200: ZCloudCertificate.nullable(), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getCloudCertificate(app, sessionOf(request).user.id),
  );

  app.delete(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Desconecta meu certificado em nuvem',
        description: 'Apaga o token guardado. 404 sem conexão.',
        security: BEARER_SECURITY,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await disconnectCloudCertificate(app, sessionOf(request).user.id, originOf(request));
      return reply.code(204).send(null);
    },
  );
}
