import type { TDependencyHealth, TReadiness, TReadinessCheck } from '@escriba/contract';
import { isMigrated } from '../../db/migration-state';
import type { App } from '../../platform/services';
import { databaseHealth, redisHealth, storageHealth } from '../admin-system/dependency-health';
import { probe, ProbeFailure } from '../admin-system/probe';
import { providerHealth } from '../admin-system/provider-health';

// The providers are another machine's work: asked at most this often, however often the orchestrator probes.
const PROVIDERS_TTL_MS = 30_000;

/**
 * GET /readyz: ready while the database answers, holds every migration this code ships and the file storage takes
 * a write. Redis and the AI providers are reported but not required: without them the app degrades, it still
 * serves. Each probe has a 3 s deadline, and probes arriving together share one run.
 */
export class Readiness {
  private running: Promise<TReadiness> | undefined;
  private providers: { askedAt: number; health: Promise<TDependencyHealth[]> } | undefined;

  constructor(private readonly app: App) {}

  check(): Promise<TReadiness> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<TReadiness> {
    const [database, migrations, storage, redis, [whisper, transcription, llm]] = await Promise.all([
      databaseHealth(this.app),
      probe('Migrações', 'drizzle', async () => {
        if (!(await isMigrated(this.app.db))) throw new ProbeFailure('Migrações pendentes: reinicie a instância');
      }),
      storageHealth(this.app),
      redisHealth(this.app),
      this.providerHealth(),
    ]);
    const required = [database, migrations, storage];
    const isReady = required.every(({ state }) => state === 'ok' || state === 'degraded');
    return {
      status: isReady ? 'ready' : 'not_ready',
      checks: {
        database: asCheck(database, true),
        migrations: asCheck(migrations, true),
        storage: asCheck(storage, true),
        redis: asCheck(redis, false),
        whisper: asCheck(whisper!, false),
        transcription: asCheck(transcription!, false),
        llm: asCheck(llm!, false),
      },
    };
  }

  private providerHealth(): Promise<TDependencyHealth[]> {
    const now = Date.now();
    if (!this.providers || now - this.providers.askedAt > PROVIDERS_TTL_MS) {
      this.providers = { askedAt: now, health: providerHealth(this.app.config) };
    }
    return this.providers.health;
  }
}

// Names and kinds (the bucket, the model) stay on the administrator's page: this answer is public.
function asCheck({ state, latency_ms, detail }: TDependencyHealth, required: boolean): TReadinessCheck {
  return { state, required, latency_ms, detail };
}
