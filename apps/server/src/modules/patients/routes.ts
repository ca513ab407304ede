import {
  ZCreatePatientBody,
  ZPatient,
  ZPatientList,
  ZPatientListQuery,
  ZUpdatePatientBody,
  ZUuidParam,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createPatient } from './create-patient';
import { getPatient } from './get-patient';
import { listPatients } from './list-patients';
import { updatePatient } from './update-patient';

const tags = ['patients'];

export async function patientRoutes(app: App): Promise<void> {
  app.get(
    '/user/patients/',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'patient', action: 'list' } },
      schema: {
        tags,
        summary: 'Meus pacientes',
        description: 'Busca por nome, nome social ou CPF; arquivados só quando pedidos (archived=true ou all).',
        security: BEARER_SECURITY,
        querystring: ZPatientListQuery,
        response: { 200: ZPatientList, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listPatients(app, sessionOf(request).user.id, request.query),
  );

  app.post(
    '/user/patients/',
    {
      config: { ...USER_CREATE, patientAccess: { record: 'patient', action: 'create' } },
      schema: {
        tags,
        summary: 'Cadastra um paciente',
        description: 'O CPF, quando informado, é único entre os pacientes do profissional.',
        security: BEARER_SECURITY,
        body: ZCreatePatientBody,
        response: { 201: ZPatient, ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPatient(app, sessionOf(request).user.id, request.body, request)),
  );

  app.get(
    '/user/patients/:id',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'patient', action: 'read' } },
      schema: {
        tags,
        summary: 'Um paciente',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZPatient, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getPatient(app.db, sessionOf(request).user.id, request.params.id),
  );

  app.patch(
    '/user/patients/:id',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'patient', action: 'update' } },
      schema: {
        tags,
        summary: 'Altera um paciente',
        description: 'Pacientes não são excluídos: {"archived": true} arquiva, {"archived": false} reativa.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZUpdatePatientBody,
        response: { 200: ZPatient, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => updatePatient(app, sessionOf(request).user.id, request.params.id, request.body, request),
  );
}
