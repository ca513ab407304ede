import { ZAdminConsultationList, ZAdminConsultationListQuery } from '@escriba/contract';
import { ADMIN_ACCESS, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { listAdminConsultations } from './list-consultations';

/** Spec §7 "Admin": every professional's consultations, metadata and failures only. */
export async function adminConsultationRoutes(app: App): Promise<void> {
  app.get(
    '/admin/consultation/',
    {
      config: { ...ADMIN_ACCESS, patientAccess: { record: 'consultation', action: 'list' } },
      schema: {
        tags: ['admin: consultations'],
        summary: 'Consultas de todos os profissionais',
        description:
          'Mais recentes primeiro; filtros por profissional (user_id), status e período de criação ' +
          '(created_from/created_to). Só metadados, contagens e falhas dos processamentos (qual e por quê), ' +
          'sem título, nome de paciente ou conteúdo clínico.',
        security: BEARER_SECURITY,
        querystring: ZAdminConsultationListQuery,
        response: { 200: ZAdminConsultationList, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => listAdminConsultations(app.db, request.query),
  );
}
