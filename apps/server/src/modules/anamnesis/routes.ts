import {
  ZAnamnesis,
  ZAnamnesisEditBody,
  ZAnamnesisVersion,
  ZErrorBody,
  ZGenerationBody,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { editAnamnesis } from './edit-anamnesis';
import { getAnamnesis } from './get-anamnesis';
import { startGeneration } from './start-generation';

const tags = ['anamnesis'];
const base = '/user/consultations/:id/anamnesis';
const UNCONFIGURED = 'A geração de anamnese não está configurada neste servidor (LLM_URL).';

const ZGenerationParams = ZUuidParam.extend({ type: z.string().min(1).max(100) });

/** The anamnesis calls under /user/consultations/{id}. */
export async function anamnesisRoutes(app: App): Promise<void> {
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  app.post(
    `${base}/:type`,
    {
      config: USER_CREATE,
      schema: {
        tags,
        summary: 'Gera a anamnese (ou refaz um campo)',
        description: `type é o id de um modelo de anamnese que o profissional pode usar (dele ou publicado). Sem corpo: a anamnese inteira. Com field_id: só esse campo da última anamnese pronta, gerado de novo, ou reescrito seguindo instruction; os outros campos são copiados. Respondido 202 com a nova versão (status generating) depois de gastar o crédito (GENERATION_CREDIT_COST; 402 sem saldo); a geração segue em segundo plano e chega pelo canal ao vivo: uma mensagem anamnesis por campo, na ordem do modelo, depois end; se o serviço falhar, uma mensagem system com status_code e detail, e o crédito é devolvido. 409 com uma geração em andamento ou a consulta concluída; 503 sem LLM_URL (nada é gasto).`,
        security: BEARER_SECURITY,
        params: ZGenerationParams,
        body: ZGenerationBody.nullish(),
        response: { 202: ZAnamnesisVersion, ...USER_ROUTE_ERRORS, 402: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { id, type } = request.params;
      const result = await startGeneration(app, userId(request), id, type, request.body ?? undefined);
      if ('isUnconfigured' in result) return reply.code(503).send({ detail: UNCONFIGURED });
      return reply.code(202).send(result.version);
    },
  );

  app.get(
    base,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Anamnese da consulta',
        description:
          'latest: a versão mais nova (pode estar generating ou failed); versions: as versões, da mais nova para a mais antiga (até 50), cada uma com campos, fontes e proveniência.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZAnamnesis, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getAnamnesis(app, userId(request), request.params.id),
  );

  app.put(
    base,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Salva a anamnese editada',
        description:
          'Guarda os textos enviados sobre a última anamnese pronta (base_version) como nova versão (kind edit); os campos alterados ficam marcados edited. 409 se outra aba salvou antes (base_version não é a mais nova) ou se há uma geração em andamento: nada é salvo e o texto fica com o cliente. 422 para um campo que não existe.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZAnamnesisEditBody,
        response: { 200: ZAnamnesisVersion, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => editAnamnesis(app, userId(request), request.params.id, request.body),
  );
}
