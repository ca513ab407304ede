import {
  ZConsultation,
  ZConsultationList,
  ZConsultationListQuery,
  ZCreateConsultationBody,
  ZErrorBody,
  ZUpdateConsultationBody,
  ZUserContextBody,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import type { App } from '../../platform/services';
import { createConsultation } from './create-consultation';
import { deleteConsultation } from './delete-consultation';
import { getConsultation } from './get-consultation';
import { listConsultations } from './list-consultations';
import { saveUserContext } from './save-user-context';
import { updateConsultation } from './update-consultation';

const tags = ['consultations'];
const security = [{ bearer: [] }];
const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const access = { access: 'user' } as const;

export async function consultationRoutes(app: App): Promise<void> {
  app.get(
    '/user/consultations/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Minhas consultas',
        description: 'Da mais recente à mais antiga; filtros por paciente, status, período (from/to) e texto (q).',
        security,
        querystring: ZConsultationListQuery,
        response: { 200: ZConsultationList, ...errors },
      },
    },
    (request) => listConsultations(app, sessionOf(request).user.id, request.query),
  );

  app.post(
    '/user/consultations/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Inicia uma consulta',
        description: 'Para um paciente existente (patient_id) ou um novo paciente cadastrado no mesmo passo (patient).',
        security,
        body: ZCreateConsultationBody,
        response: { 201: ZConsultation, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createConsultation(app, sessionOf(request).user.id, request.body, request)),
  );

  app.get(
    '/user/consultations/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Uma consulta',
        security,
        params: ZUuidParam,
        response: { 200: ZConsultation, ...errors },
      },
    },
    (request) => getConsultation(app, sessionOf(request).user.id, request.params.id),
  );

  app.patch(
    '/user/consultations/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Altera um campo da consulta',
        description:
          'O corpo traz um único campo (title, chief_complaint ou status); o status segue CONSULTATION_TRANSITIONS.',
        security,
        params: ZUuidParam,
        body: ZUpdateConsultationBody,
        response: { 200: ZConsultation, ...errors },
      },
    },
    (request) => updateConsultation(app, sessionOf(request).user.id, request.params.id, request.body, request),
  );

  app.delete(
    '/user/consultations/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Exclui uma consulta',
        description: 'Remove a consulta e os arquivos dela; o paciente permanece.',
        security,
        params: ZUuidParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteConsultation(app, sessionOf(request).user.id, request.params.id, request);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/user/consultations/:id/user-context',
    {
      config: access,
      schema: {
        tags,
        summary: 'Salva o contexto do profissional',
        description: 'Substitui o texto livre que o profissional acrescenta à consulta.',
        security,
        params: ZUuidParam,
        body: ZUserContextBody,
        response: { 200: ZConsultation, ...errors },
      },
    },
    (request) =>
      saveUserContext(app, sessionOf(request).user.id, request.params.id, request.body.user_context, request),
  );
}
