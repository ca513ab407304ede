import { ZDiagnoses, ZDiagnosesBody, ZUuidParam } from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { replaceDiagnoses } from './replace-diagnoses';

export async function diagnosisRoutes(app: App): Promise<void> {
  app.put(
    '/user/consultations/:id/anamnesis/diagnoses',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'diagnoses', action: 'update' } },
      schema: {
        tags: ['anamnesis'],
        summary: 'Salva as hipóteses diagnósticas (CID-10)',
        description:
          'A lista inteira, na ordem do profissional: [{code, confirmed}]. Um código mantido conserva se foi ' +
          'sugerido e suas fontes; um novo não tem fontes. 422 para um código fora da CID-10 ou repetido (nada é ' +
          'salvo); 409 com a consulta concluída. Responde a lista salva, com as descrições.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZDiagnosesBody,
        response: { 200: ZDiagnoses, ...USER_ROUTE_ERRORS },
      },
    },
    (request) =>
      replaceDiagnoses(app.db, sessionOf(request).user.id, request.params.id, request.body, originOf(request)),
  );
}
