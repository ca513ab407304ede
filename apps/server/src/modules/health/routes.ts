import { ZLiveness, ZReadiness } from '@escriba/contract';
import type { App } from '../../platform/services';
import { Readiness } from './readiness';

const tags = ['health'];

/** Probes for a reverse proxy and an orchestrator, on every role, outside /api. */
export async function healthRoutes(app: App): Promise<void> {
  const readiness = new Readiness(app);

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'O processo está no ar',
        description: 'Responde 200 enquanto o processo atende, sem consultar nenhuma dependência.',
        response: { 200: ZLiveness },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A instância pode receber tráfego',
        description:
          '200 quando o banco de dados responde, tem todas as migrações e os arquivos aceitam gravação; 503 se não. Redis e provedores de IA são informados, mas não exigidos. Cada verificação tem prazo de 3 s.',
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (_request, reply) => {
      const answer = await readiness.check();
      // Never kept by a proxy: each probe sees the state now.
      return reply
        .code(answer.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );
}
