import {
  TEMPLATE_MAX_FIELDS,
  ZAdminTemplate,
  ZAdminTemplateBody,
  ZAdminTemplateField,
  ZAdminTemplateUpdate,
  ZTemplateFieldOrderQuery,
  ZTemplateFieldParams,
  ZTemplatePublishQuery,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { ADMIN_ACCESS, ADMIN_CREATE, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createAdminTemplate } from './create-admin-template';
import { deleteAdminTemplate } from './delete-admin-template';
import { listAdminTemplates } from './list-admin-templates';
import { publishTemplate } from './publish-template';
import { addField, deleteField, reorderFields, updateField } from './template-fields';
import { updateAdminTemplate } from './update-admin-template';

const common = { tags: ['admin: templates'], security: BEARER_SECURITY };
const answer = { 200: ZAdminTemplate, ...ADMIN_ROUTE_ERRORS };

/** Spec §7 "Admin": the templates administrators offer to every professional, and their fields. */
export async function adminTemplateRoutes(app: App): Promise<void> {
  app.get(
    '/admin/template/',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Modelos dos administradores',
        description:
          'Publicados ou não, por nome. Os publicados aparecem para todos os profissionais. Os modelos próprios ' +
          'dos profissionais não estão aqui. seeded: vem com o Escriba (não pode ser excluído).',
        response: { 200: z.array(ZAdminTemplate), ...ADMIN_ROUTE_ERRORS },
      },
    },
    () => listAdminTemplates(app.db),
  );

  app.post(
    '/admin/template/',
    {
      config: ADMIN_CREATE,
      schema: {
        ...common,
        summary: 'Cria um modelo',
        description: `Não publicado, salvo published: true. De 1 a ${TEMPLATE_MAX_FIELDS} campos, ids únicos.`,
        body: ZAdminTemplateBody,
        response: { 201: ZAdminTemplate, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      createAdminTemplate(
        app,
        request.body,
        sessionOf(request).user.id,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.put(
    '/admin/template/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Altera um modelo',
        description: 'Nome e especialidade; fields, se enviado, substitui os campos na nova ordem.',
        params: ZUuidParam,
        body: ZAdminTemplateUpdate,
        response: answer,
      },
    },
    (request) =>
      updateAdminTemplate(app, request.params.id, request.body, sessionOf(request).user.id, originOf(request)),
  );

  app.delete(
    '/admin/template/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Exclui um modelo',
        description:
          'As anamneses já escritas com ele guardam uma cópia dos campos. Os que vêm com o Escriba não podem ser ' +
          'excluídos (409): despublique-os.',
        params: ZUuidParam,
        response: { 204: z.null(), ...ADMIN_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteAdminTemplate(app.db, request.params.id, sessionOf(request).user.id, originOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/admin/template/:id/publish',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Publica ou despublica um modelo',
        description: 'publish=true o oferece a todos os profissionais; publish=false o retira da lista deles.',
        params: ZUuidParam,
        querystring: ZTemplatePublishQuery,
        response: answer,
      },
    },
    (request) =>
      publishTemplate(app.db, request.params.id, request.query.publish, sessionOf(request).user.id, originOf(request)),
  );

  app.post(
    '/admin/template/:id/field',
    {
      config: ADMIN_CREATE,
      schema: {
        ...common,
        summary: 'Inclui um campo no fim do modelo',
        description: `id único no modelo (422 se repetido; "order" é reservado). No máximo ${TEMPLATE_MAX_FIELDS} campos (409).`,
        params: ZUuidParam,
        body: ZAdminTemplateField,
        response: { 201: ZAdminTemplate, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      addField(
        app.db,
        sessionOf(request).user.id,
        originOf(request),
        request.params.id,
        request.body,
        answerKeeper(request, reply, 201),
      ),
  );

  app.put(
    '/admin/template/:id/field/order',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Reordena os campos',
        description:
          'order: todos os ids de campo do modelo, separados por vírgula, cada um uma vez, na nova ordem. Uma ' +
          'lista com campos faltando, a mais, repetidos ou desconhecidos é recusada (422) e nada muda.',
        params: ZUuidParam,
        querystring: ZTemplateFieldOrderQuery,
        response: answer,
      },
    },
    (request) =>
      reorderFields(app.db, sessionOf(request).user.id, originOf(request), request.params.id, request.query.order),
  );

  app.put(
    '/admin/template/:id/field/:fieldId',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Altera um campo',
        description: 'Substitui o campo no mesmo lugar; o id pode mudar para um que nenhum outro campo tenha (422).',
        params: ZTemplateFieldParams,
        body: ZAdminTemplateField,
        response: answer,
      },
    },
    (request) =>
      updateField(
        app.db,
        sessionOf(request).user.id,
        originOf(request),
        request.params.id,
        request.params.fieldId,
        request.body,
      ),
  );

  app.delete(
    '/admin/template/:id/field/:fieldId',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Exclui um campo',
        description: 'Um modelo fica com ao menos um campo (409).',
        params: ZTemplateFieldParams,
        response: answer,
      },
    },
    (request) =>
      deleteField(app.db, sessionOf(request).user.id, originOf(request), request.params.id, request.params.fieldId),
  );
}
