import { ZConsultationHistory, ZUuidParam } from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { getConsultationHistory } from './get-consultation-history';

export async function consultationHistoryRoutes(app: App): Promise<void> {
  app.get(
    '/user/consultations/:id/history',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'note', action: 'list' } },
      schema: {
        tags: ['consultations'],
        summary: 'Consultas anteriores do paciente',
        description:
          'As últimas três consultas do mesmo paciente antes desta com a anamnese fechada (consulta concluída, ou ' +
          'anamnese editada ou revisada pelo profissional sem frase por confirmar), da mais recente à mais antiga, ' +
          'cada uma com a anamnese (a última versão pronta: os campos preenchidos) e os diagnósticos confirmados: o ' +
          'que a próxima geração lê. As outras ficam de fora. 404 para consulta de outro profissional.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZConsultationHistory, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getConsultationHistory(app, sessionOf(request).user.id, request.params.id),
  );
}
