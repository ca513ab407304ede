import { ZAdminPersona, ZAdminPersonaBody, ZPersonaSpecializationsBody, ZUuidParam } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { ADMIN_ACCESS, ADMIN_CREATE, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createPersona } from './create-persona';
import { deletePersona } from './delete-persona';
import { listPersonas } from './persona-view';
import { setDefaultPersona } from './set-default-persona';
import { setPersonaSpecializations } from './set-persona-specializations';
import { updatePersona } from './update-persona';

const common = { tags: ['admin: personas'], security: BEARER_SECURITY };

/** Spec §7 "Admin": the assistant's personas, one of them the default. */
export async function adminPersonaRoutes(app: App): Promise<void> {
  app.get(
    '/admin/prompt/persona/',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Personas',
        description: 'A padrão primeiro, depois por nome. seeded: vem com o Escriba (não pode ser excluída).',
        response: { 200: z.array(ZAdminPersona), ...ADMIN_ROUTE_ERRORS },
      },
    },
    () => listPersonas(app.db),
  );

  app.post(
    '/admin/prompt/persona/',
    {
      config: ADMIN_CREATE,
      schema: {
        ...common,
        summary: 'Cria uma persona',
        description: 'Nunca a padrão: use set-default.',
        body: ZAdminPersonaBody,
        response: { 201: ZAdminPersona, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      createPersona(
        app.db,
        request.body,
        sessionOf(request).user.id,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.put(
    '/admin/prompt/persona/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Altera uma persona',
        description: 'Substitui nome, descrição e instruções.',
        params: ZUuidParam,
        body: ZAdminPersonaBody,
        response: { 200: ZAdminPersona, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => updatePersona(app.db, request.params.id, request.body, sessionOf(request).user.id, originOf(request)),
  );

  app.delete(
    '/admin/prompt/persona/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Exclui uma persona',
        description:
          'As anamneses guardam o id e o nome da persona que usaram. A padrão e as que vêm com o Escriba não ' +
          'podem ser excluídas (409). As especialidades dela voltam à persona padrão.',
        params: ZUuidParam,
        response: { 204: z.null(), ...ADMIN_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deletePersona(app.db, request.params.id, sessionOf(request).user.id, originOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/prompt/persona/:id/set-default',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Torna a persona a padrão',
        description:
          'A que escreve as anamneses de quem não tem persona da sua especialidade; a anterior deixa de ser. ' +
          'Chamadas simultâneas deixam uma só padrão.',
        params: ZUuidParam,
        response: { 200: ZAdminPersona, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => setDefaultPersona(app.db, request.params.id, sessionOf(request).user.id, originOf(request)),
  );

  app.put(
    '/admin/prompt/persona/:id/specializations',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Especialidades da persona',
        description:
          'A persona passa a escrever, no lugar da padrão, para exatamente estas especialidades (a lista substitui ' +
          'a anterior). Uma especialidade de outra persona passa para esta; uma retirada volta à padrão. ' +
          'O profissional com várias especialidades usa a da primeira que cadastrou entre as que têm persona.',
        params: ZUuidParam,
        body: ZPersonaSpecializationsBody,
        response: { 200: ZAdminPersona, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) =>
      setPersonaSpecializations(
        app,
        request.params.id,
        request.body.specialization_ids,
        sessionOf(request).user.id,
        originOf(request),
      ),
  );
}
