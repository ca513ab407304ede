import { ZAccessLogPage, ZAccessLogQuery, ZAdminAccessLogQuery, ZUuidParam } from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import {
  ADMIN_ACCESS,
  ADMIN_ROUTE_ERRORS,
  BEARER_SECURITY,
  USER_ACCESS,
  USER_ROUTE_ERRORS,
} from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { findPatientRow } from '../patients/get-patient';
import { listAccessLog } from './list-access-log';

const WHAT_IS_KEPT =
  'Cada leitura e alteração dos dados do paciente (cadastro, consultas, gravação, transcrição, evidências e ' +
  'arquivos, nota, diagnósticos, documentos, PDFs): quem (nome e papel), quando, o quê (registro e tipo de acesso) ' +
  'e de onde (endereço e navegador). Só identificadores, nunca texto clínico. Do mais novo para o mais antigo.';

/** Issue 21 §1: who saw what of a patient's data, for the professional and the administration. */
export async function accessLogRoutes(app: App): Promise<void> {
  app.get(
    '/user/patients/:id/access-log',
    {
      // Lists who accessed, not the record: reading it is not itself an access to the patient's data.
      config: { ...USER_ACCESS, patientAccess: false },
      schema: {
        tags: ['patients'],
        summary: 'Acessos aos dados do paciente',
        description: `${WHAT_IS_KEPT} Inclui os acessos de administradores.`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        querystring: ZAccessLogQuery,
        response: { 200: ZAccessLogPage, ...USER_ROUTE_ERRORS },
      },
    },
    async (request) => {
      await findPatientRow(app.db, sessionOf(request).user.id, request.params.id);
      return listAccessLog(app.db, { patientId: request.params.id }, request.query);
    },
  );

  app.get(
    '/admin/access-log',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags: ['admin: access log'],
        summary: 'Acessos aos dados de pacientes',
        description: `${WHAT_IS_KEPT} Filtros: quem acessou (user_id) e o paciente (patient_id).`,
        security: BEARER_SECURITY,
        querystring: ZAdminAccessLogQuery,
        response: { 200: ZAccessLogPage, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) =>
      listAccessLog(app.db, { actorUserId: request.query.user_id, patientId: request.query.patient_id }, request.query),
  );
}
