import {
  ZAnamnesisTemplate,
  ZAnamnesisTemplateBody,
  ZErrorBody,
  ZPreferredTemplate,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createTemplate, MAX_OWN_TEMPLATES } from './create-template';
import { deleteTemplate } from './delete-template';
import { findPreferredTemplate } from './find-preferred-template';
import { listUsableTemplates } from './list-templates';
import { toTemplateView } from './template-view';
import { updateTemplate } from './update-template';
import { findUsableTemplate } from './usable-template';

const tags = ['templates'];
const READ_ONLY_ERRORS = { ...USER_ROUTE_ERRORS, 403: ZErrorBody };

export async function templateRoutes(app: App): Promise<void> {
  app.get(
    '/user/templates/anamnesis/',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Modelos de anamnese disponíveis',
        description:
          'Os modelos do profissional, por nome, seguidos dos publicados (published: true, somente leitura), por nome.',
        security: BEARER_SECURITY,
        response: { 200: z.array(ZAnamnesisTemplate), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listUsableTemplates(app.db, sessionOf(request).user.id),
  );

  app.post(
    '/user/templates/anamnesis/',
    {
      config: USER_CREATE,
      schema: {
        tags,
        summary: 'Cria um modelo de anamnese',
        description:
          'Campos em ordem, com id único no modelo. source_template_id: o modelo copiado, se houver. ' +
          `Até ${MAX_OWN_TEMPLATES} modelos por profissional (409 além disso).`,
        security: BEARER_SECURITY,
        body: ZAnamnesisTemplateBody,
        response: { 201: ZAnamnesisTemplate, ...USER_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      createTemplate(
        app,
        sessionOf(request).user.id,
        request.body,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.get(
    '/user/templates/anamnesis/default',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'O modelo de anamnese da especialidade do profissional',
        description:
          'O modelo com que uma nova anamnese começa: o da especialização padrão das preferências (ou da primeira ' +
          'cadastrada), o do profissional marcado com ela antes do publicado. null sem especialização ou quando ela ' +
          'não tem modelo próprio.',
        security: BEARER_SECURITY,
        response: { 200: ZPreferredTemplate, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => findPreferredTemplate(app, sessionOf(request).user),
  );

  app.get(
    '/user/templates/anamnesis/:id',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Um modelo de anamnese',
        description: 'Um modelo do profissional ou um publicado.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZAnamnesisTemplate, ...USER_ROUTE_ERRORS },
      },
    },
    async (request) => toTemplateView(await findUsableTemplate(app.db, sessionOf(request).user.id, request.params.id)),
  );

  app.put(
    '/user/templates/anamnesis/:id',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Altera um modelo de anamnese',
        description:
          'Substitui nome, especialidade e campos (na nova ordem). Modelos publicados não podem ser alterados (403).',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZAnamnesisTemplateBody,
        response: { 200: ZAnamnesisTemplate, ...READ_ONLY_ERRORS },
      },
    },
    (request) => updateTemplate(app, sessionOf(request).user.id, request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/user/templates/anamnesis/:id',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Exclui um modelo de anamnese',
        description: 'As anamneses já escritas com ele não mudam. Modelos publicados não podem ser excluídos (403).',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 204: z.null(), ...READ_ONLY_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteTemplate(app.db, sessionOf(request).user.id, request.params.id, originOf(request));
      return reply.code(204).send(null);
    },
  );
}
