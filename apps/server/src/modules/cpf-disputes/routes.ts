import {
  ZErrorBody,
  ZOpenCpfDisputeBody,
  ZOpenCpfDisputeResponse,
  ZResolveCpfDisputeQuery,
  ZResolvedCpfDispute,
  ZUuidParam,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { ADMIN_ACCESS, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { openCpfDispute } from './open-cpf-dispute';
import { resolveCpfDispute } from './resolve-cpf-dispute';

/** A CPF held by another account (README "Account rules"): the claimant opens a dispute, an administrator resolves it. */
export async function cpfDisputeRoutes(app: App): Promise<void> {
  app.post(
    '/user/cpf-dispute',
    {
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Contesta o CPF de outra conta',
        description:
          'O código chega no e-mail enviado a um cadastro cujo CPF pertence a outra conta, com outro e-mail. Como na ' +
          'verificação da conta, pede `password` (a senha escolhida no cadastro) ou `new_password` (que a substitui); ' +
          'sem nenhuma, um código válido responde 422 do tipo `password_required`. A contestação fica aberta para a ' +
          'administração; um código de contestação já aberta responde 200 com `already_open`.',
        body: ZOpenCpfDisputeBody,
        response: { 200: ZOpenCpfDisputeResponse, 422: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      const opening = await openCpfDispute(app, request.body.code, request.body, originOf(request));
      return {
        detail: 'Recebemos a sua contestação. A administração do Escriba vai analisar o caso e responder por e-mail.',
        already_open: opening === 'already_open',
      };
    },
  );

  app.post(
    '/admin/cpf-dispute/:id/resolve',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags: ['admin: users'],
        security: BEARER_SECURITY,
        summary: 'Resolve uma contestação de CPF',
        description:
          'resolution=holder_keeps encerra a contestação e o CPF fica na conta que o tem. resolution=claimant_gets ' +
          'suspende essa conta (encerrando as sessões) sem o CPF e cria, ativa, a conta de quem contestou, com o ' +
          'e-mail e a senha dela. As duas pessoas recebem um e-mail; a decisão fica na auditoria das duas contas. 409 ' +
          'se já resolvida, se o CPF já saiu da conta, ou se o e-mail de quem contesta já tem conta.',
        params: ZUuidParam,
        querystring: ZResolveCpfDisputeQuery,
        response: { 200: ZResolvedCpfDispute, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) =>
      resolveCpfDispute(
        app,
        request.params.id,
        request.query.resolution,
        sessionOf(request).user.id,
        originOf(request),
      ),
  );
}
