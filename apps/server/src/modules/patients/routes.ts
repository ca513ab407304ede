import {
  ZCreatePatientBody,
  ZDeletedPatient,
  ZDeletePatientQuery,
  ZErrorBody,
  ZPatient,
  ZPatientRetained,
  ZPatientRetention,
  ZPatientList,
  ZPatientListQuery,
  ZUpdatePatientBody,
  ZUuidParam,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createPatient } from './create-patient';
import { deletePatient } from './delete-patient';
import { exportPatient, sendArchive } from './export/export-patient';
import { getPatient } from './get-patient';
import { getPatientRetention } from './get-patient-retention';
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
    (request, reply) =>
      createPatient(
        app.db,
        sessionOf(request).user.id,
        request.body,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
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
        description: '{"archived": true} arquiva, {"archived": false} reativa; excluir é DELETE /user/patients/{id}.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZUpdatePatientBody,
        response: { 200: ZPatient, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => updatePatient(app, sessionOf(request).user.id, request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/user/patients/:id',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'patient', action: 'delete' } },
      schema: {
        tags,
        summary: 'Exclui um paciente definitivamente',
        description:
          'Apaga o paciente, as consultas dele (transcrições, evidências, anamneses, documentos, diagnósticos) e os ' +
          'arquivos delas; o registro de auditoria é mantido. confirm deve ser o nome (ou nome social) do paciente ' +
          '(422 se não for). Com uma consulta concluída, o prontuário é guardado RECORD_RETENTION_YEARS (20) anos ' +
          'depois da última (Lei 13.787/2018): até lá, 409 com o motivo e retained_until, o dia a partir do qual ' +
          'pode ser excluído. Só consultas em aberto, ou nenhuma: excluído.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        querystring: ZDeletePatientQuery,
        response: { 200: ZDeletedPatient, ...USER_ROUTE_ERRORS, 409: ZPatientRetained.or(ZErrorBody) },
      },
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      const result = await deletePatient(app, userId, request.params.id, request.query.confirm, originOf(request));
      if ('retained' in result) return reply.code(409).send(result.retained);
      return result.deleted;
    },
  );

  app.get(
    '/user/patients/:id/retention',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'patient', action: 'read' } },
      schema: {
        tags,
        summary: 'Até quando o prontuário do paciente é guardado',
        description:
          'O que a exclusão responderia agora: retained com o motivo e retained_until (Lei 13.787/2018) enquanto ' +
          'o prontuário deve ser guardado, null quando o paciente pode ser excluído.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZPatientRetention, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getPatientRetention(app, sessionOf(request).user.id, request.params.id),
  );

  app.get(
    '/user/patients/:id/export',
    {
      // A download link sends no bearer token: like evidence files, it is answered with the session cookie.
      config: { ...USER_ACCESS, acceptsSessionCookie: true, patientAccess: { record: 'patient', action: 'export' } },
      schema: {
        tags,
        summary: 'Exporta os dados do paciente (LGPD)',
        description:
          'application/zip, como anexo: paciente.json (o cadastro), consultas/<data>_<código>/consulta.json (a ' +
          'consulta, a transcrição, a anamnese e os documentos com todas as versões, os diagnósticos e as ' +
          'evidências), os arquivos anexados e o áudio guardado como foram enviados, e resumo.pdf, um resumo ' +
          'legível, e fhir-bundle.json, as consultas em FHIR R4 (o Bundle de GET /user/patients/{id}/fhir). Para o paciente que pede os seus dados (LGPD, art. 18); a exportação fica no registro de ' +
          'auditoria. Aceita também o cookie session do app, para baixar por um link.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) =>
      sendArchive(reply, await exportPatient(app, sessionOf(request).user, request.params.id, originOf(request))),
  );
}
