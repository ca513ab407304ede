import { ZAnalytics, ZAnalyticsQuery, ZErrorBody } from '@escriba/contract';
import { BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { analyticsFor } from './analytics-query';

const tags = ['admin'];

/** GET /admin/analytics: the charts of /admin/analytics, computed by the database. */
export async function adminAnalyticsRoutes(app: App): Promise<void> {
  app.get(
    '/admin/analytics',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Indicadores por dia ou semana',
        description:
          'Cadastros, usuários ativos, consultas, minutos transcritos, gerações, créditos gastos (líquidos de reembolsos) e falhas de provedores, por dia ou semana (a partir de segunda-feira) no horário de Brasília; from e to incluídos, até 366 dias por dia ou 731 por semana.',
        security: BEARER_SECURITY,
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalytics, 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody },
      },
    },
    (request) => analyticsFor(app.db, request.query),
  );
}
