import {
  ZCreatePatientBody,
  ZErrorBody,
  ZPatient,
  ZPatientList,
  ZPatientListQuery,
  ZUpdatePatientBody,
  ZUuidParam,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import type { App } from '../../platform/services';
import { createPatient } from './create-patient';
import { getPatient } from './get-patient';
import { listPatients } from './list-patients';
import { updatePatient } from './update-patient';

const tags = ['patients'];
const security = [{ bearer: [] }];
const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const access = { access: 'user' } as const;

export async function patientRoutes(app: App): Promise<void> {
  app.get(
    '/user/patients/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Meus pacientes',
        description: 'Busca por nome, nome social ou CPF; arquivados só quando pedidos (archived=true ou all).',
        security,
        querystring: ZPatientListQuery,
        response: { 200: ZPatientList, ...errors },
      },
    },
    (request) => listPatients(app, sessionOf(request).user.id, request.query),
  );

  app.post(
    '/user/patients/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Cadastra um paciente',
        description: 'O CPF, quando informado, é único entre os pacientes do profissional.',
        security,
        body: ZCreatePatientBody,
        response: { 201: ZPatient, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPatient(app, sessionOf(request).user.id, request.body, request)),
  );

  app.get(
    '/user/patients/:id',
    {
      config: access,
      schema: { tags, summary: 'Um paciente', security, params: ZUuidParam, response: { 200: ZPatient, ...errors } },
    },
    (request) => getPatient(app, sessionOf(request).user.id, request.params.id),
  );

  app.patch(
    '/user/patients/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Altera um paciente',
        description: 'Pacientes não são excluídos: {"archived": true} arquiva, {"archived": false} reativa.',
        security,
        params: ZUuidParam,
        body: ZUpdatePatientBody,
        response: { 200: ZPatient, ...errors },
      },
    },
    (request) => updatePatient(app, sessionOf(request).user.id, request.params.id, request.body, request),
  );
}
