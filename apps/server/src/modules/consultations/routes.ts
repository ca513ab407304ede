import {
  BRAZIL_TIME_ZONE,
  calendarDayIn,
  ZConsultation,
  ZConsultationList,
  ZConsultationListQuery,
  ZCreateConsultationBody,
  ZUpdateConsultationBody,
  ZUserContextBody,
  ZUserContextConflict,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { jsonSerializer, sendJson } from '../../platform/http/serializer';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createConsultation } from './create-consultation';
import { deleteConsultation } from './delete-consultation';
import { getConsultation } from './get-consultation';
import { consultationListKey, listConsultations } from './list-consultations';
import { saveUserContext } from './save-user-context';
import { updateConsultation } from './update-consultation';

const tags = ['consultations'];
const writeList = jsonSerializer(ZConsultationList);

export async function consultationRoutes(app: App): Promise<void> {
  app.get(
    '/user/consultations/',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'list' } },
      schema: {
        tags,
        summary: 'Minhas consultas',
        description: 'Da mais recente à mais antiga; filtros por paciente, status, período (from/to) e texto (q).',
        security: BEARER_SECURITY,
        querystring: ZConsultationListQuery,
        response: { 200: ZConsultationList, ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      // One day for the key and the page: a page computed across midnight is not kept under the wrong day.
      const today = calendarDayIn(BRAZIL_TIME_ZONE);
      const page = await app.consultationLists.get(userId, consultationListKey(request.query, today), async () =>
        writeList(await listConsultations(app, userId, request.query, today)),
      );
      return sendJson(reply, page);
    },
  );

  app.post(
    '/user/consultations/',
    {
      config: { ...USER_CREATE, patientAccess: { record: 'consultation', action: 'create' } },
      schema: {
        tags,
        summary: 'Inicia uma consulta',
        description: 'Para um paciente existente (patient_id) ou um novo paciente cadastrado no mesmo passo (patient).',
        security: BEARER_SECURITY,
        body: ZCreateConsultationBody,
        response: { 201: ZConsultation, ...USER_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      createConsultation(
        app,
        sessionOf(request).user.id,
        request.body,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.get(
    '/user/consultations/:id',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'read' } },
      schema: {
        tags,
        summary: 'Uma consulta',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZConsultation, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getConsultation(app, sessionOf(request).user.id, request.params.id),
  );

  app.patch(
    '/user/consultations/:id',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'update' } },
      schema: {
        tags,
        summary: 'Altera um campo da consulta',
        description:
          'O corpo traz um único campo (title, chief_complaint ou status); o status segue CONSULTATION_TRANSITIONS.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZUpdateConsultationBody,
        response: { 200: ZConsultation, ...USER_ROUTE_ERRORS },
      },
    },
    (request) =>
      updateConsultation(app, sessionOf(request).user.id, request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/user/consultations/:id',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'delete' } },
      schema: {
        tags,
        summary: 'Exclui uma consulta',
        description: 'Remove a consulta e os arquivos dela; o paciente permanece.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteConsultation(app, sessionOf(request).user.id, request.params.id, originOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/user/consultations/:id/user-context',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'update' } },
      schema: {
        tags,
        summary: 'Salva o contexto do profissional',
        description:
          'Substitui o texto livre que o profissional acrescenta à consulta. Com base_user_context (o texto que o ' +
          'cliente viu por último), responde 409 com o texto atual se outra aba ou aparelho salvou antes.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZUserContextBody,
        response: { 200: ZConsultation, ...USER_ROUTE_ERRORS, 409: ZUserContextConflict },
      },
    },
    async (request, reply) => {
      const result = await saveUserContext(
        app,
        sessionOf(request).user.id,
        request.params.id,
        request.body,
        originOf(request),
      );
      if ('saved' in result) return result.saved;
      return reply.code(409).send({
        detail: 'O contexto foi alterado em outra aba ou aparelho depois que você o abriu.',
        user_context: result.conflict,
      });
    },
  );
}
