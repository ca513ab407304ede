import type { TSystemStatus } from '@escriba/contract';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { App } from '../../platform/services';
import { dependencyHealth } from './dependency-health';
import { providerHealth } from './provider-health';

const RECENT_FAILURES = 20;
const startedAt = new Date(Date.now() - process.uptime() * 1000);
const packageVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The commit deployed, when the app runs from a git checkout; read once.
const commit = promisify(execFile)('git', ['rev-parse', '--short', 'HEAD'], { timeout: 2_000 }).then(
  ({ stdout }) => stdout.trim(),
  () => undefined,
);

/** GET /admin/system: what an administrator checks when something seems wrong. */
export async function systemStatus(app: App): Promise<TSystemStatus> {
  const [dependencies, providers, queues, failures, revision] = await Promise.all([
    dependencyHealth(app),
    providerHealth(app.config),
    app.jobs.stats(),
    app.jobs.recentFailures(RECENT_FAILURES),
    commit,
  ]);
  return {
    version: revision ? `${packageVersion} (${revision})` : packageVersion,
    node_version: process.version,
    started_at: startedAt.toISOString(),
    uptime_seconds: Math.round(process.uptime()),
    dependencies,
    providers,
    queues: queues.map((queue) => ({
      name: queue.name,
      queued: queue.queued,
      active: queue.active,
      failed: queue.failed,
      oldest_queued_seconds: queue.oldestQueuedSeconds === null ? null : Math.round(queue.oldestQueuedSeconds),
    })),
    recent_failures: failures.map((failure) => ({
      id: failure.id,
      queue: failure.queue,
      failed_at: failure.failedAt ? new Date(failure.failedAt).toISOString() : null,
      error: failure.error,
    })),
  };
}
