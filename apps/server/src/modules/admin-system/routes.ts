import { ZErrorBody, ZRetryJobsAnswer, ZRetryJobsQuery, ZSystemStatus } from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { recordAudit } from '../../platform/audit';
import { fieldError } from '../../platform/errors';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY } from '../../platform/http/route-options';
import { JOB_NAMES, type JobName } from '../../platform/jobs/job-names';
import type { App } from '../../platform/services';
import { systemStatus } from './system-status';

const tags = ['admin'];
const ADMIN_ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody };

/** The /admin/system page: health of every dependency and provider, and the job queues. */
export async function adminSystemRoutes(app: App): Promise<void> {
  app.get(
    '/admin/system',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Saúde do sistema',
        description:
          'Versão e tempo no ar; banco de dados, Redis e arquivos testados com uma ida e volta real; cada provedor de IA (GET {base}/models) com a latência; filas de trabalhos com os que esperam, rodam e falharam, e as últimas falhas.',
        security: BEARER_SECURITY,
        response: { 200: ZSystemStatus, ...ADMIN_ERRORS },
      },
    },
    () => systemStatus(app),
  );

  app.post(
    '/admin/system/jobs/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Executa de novo os trabalhos que falharam de uma fila',
        description: `queue: uma das filas (${JOB_NAMES.join(', ')}). Responde quantos trabalhos voltaram para a fila.`,
        security: BEARER_SECURITY,
        querystring: ZRetryJobsQuery,
        response: { 200: ZRetryJobsAnswer, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const queue = request.query.queue as JobName;
      if (!JOB_NAMES.includes(queue))
        throw fieldError(['query', 'queue'], `Use uma destas filas: ${JOB_NAMES.join(', ')}`);
      const retried = await app.jobs.retryFailed(queue);
      await recordAudit(app.db, {
        action: 'admin.jobs_retried',
        actorUserId: sessionOf(request).user.id,
        ...originOf(request),
        details: { queue, retried },
      });
      return { queue, retried };
    },
  );
}
