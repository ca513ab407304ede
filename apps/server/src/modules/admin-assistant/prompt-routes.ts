import {
  ZAdminPrompt,
  ZAdminPromptBody,
  ZAdminPromptUpdate,
  ZErrorBody,
  ZPromptTestBody,
  ZPromptTestResult,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { ADMIN_ACCESS, ADMIN_CREATE, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createPrompt } from './create-prompt';
import { deletePrompt } from './delete-prompt';
import { adminPrompts } from './prompt-view';
import { testPrompt } from './test-prompt';
import { updatePrompt } from './update-prompt';

const common = { tags: ['admin: prompts'], security: BEARER_SECURITY };

/** Spec §7 "Admin": the generator's prompts, with their versions, and the "testar" panel. */
export async function adminPromptRoutes(app: App): Promise<void> {
  const { llm } = app.providers;

  app.get(
    '/admin/prompt/',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Prompts',
        description:
          'Por finalidade (anamnesis, field_rewrite, condense, diagnoses, document_*), o ativo primeiro, depois por nome; cada um com ' +
          'todas as versões do texto, da mais antiga para a mais nova. seeded: vem com o Escriba.',
        response: { 200: z.array(ZAdminPrompt), ...ADMIN_ROUTE_ERRORS },
      },
    },
    () => adminPrompts(app.db),
  );

  app.post(
    '/admin/prompt/',
    {
      config: ADMIN_CREATE,
      schema: {
        ...common,
        summary: 'Cria um prompt',
        description:
          'Versão 1 do texto. active: true o torna o prompt ativo da finalidade, desativando o anterior na mesma ' +
          'transação.',
        body: ZAdminPromptBody,
        response: { 201: ZAdminPrompt, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      createPrompt(
        app.db,
        request.body,
        sessionOf(request).user.id,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.post(
    '/admin/prompt/test',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Testa um prompt de anamnese',
        description:
          'Escreve a anamnese de uma consulta de exemplo embutida (fictícia) com a versão atual do prompt, a ' +
          'persona e um modelo dos administradores, como o gerador faria; nada é guardado e nenhum crédito é ' +
          'gasto. 503 sem LLM_URL; 502 ou 504 quando o serviço de geração falha.',
        body: ZPromptTestBody,
        response: { 200: ZPromptTestResult, ...ADMIN_ROUTE_ERRORS, 502: ZErrorBody, 503: ZErrorBody, 504: ZErrorBody },
      },
    },
    async (request, reply) => {
      const outcome = await testPrompt(app, llm, request.body);
      if ('result' in outcome) return outcome.result;
      return reply.code(outcome.statusCode).send({ detail: outcome.detail });
    },
  );

  app.put(
    '/admin/prompt/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Altera um prompt',
        description:
          'Nome, texto e/ou active. Um texto diferente vira uma nova versão (as anteriores não mudam: as anamneses ' +
          'guardam a versão que usaram); o mesmo texto não cria versão. active: true desativa o outro prompt da ' +
          'finalidade; desativar o prompt ativo é recusado (409): ative outro.',
        params: ZUuidParam,
        body: ZAdminPromptUpdate,
        response: { 200: ZAdminPrompt, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => updatePrompt(app.db, request.params.id, request.body, sessionOf(request).user.id, originOf(request)),
  );

  app.delete(
    '/admin/prompt/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Exclui um prompt',
        description:
          'Com todas as versões. Recusado (409) para o prompt ativo da finalidade, um prompt que vem com o ' +
          'Escriba, ou um já usado em anamneses (a procedência delas o nomeia): deixe-o desativado.',
        params: ZUuidParam,
        response: { 204: z.null(), ...ADMIN_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deletePrompt(app.db, request.params.id, sessionOf(request).user.id, originOf(request));
      return reply.code(204).send(null);
    },
  );
}
