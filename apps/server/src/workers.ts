import { anamnesisJobHandlers } from './modules/anamnesis/anamnesis-workers';
import { anamnesisGeneration } from './modules/anamnesis/generate-anamnesis';
import { documentJobHandlers } from './modules/documents/document-workers';
import { documentGeneration } from './modules/documents/generate-document';
import { evidenceJobHandlers, queueOrphanedReading } from './modules/evidences/evidence-workers';
import { sweepGenerations } from './modules/generation/generation-schedule';
import { queueOrphanedStyleLearning, styleJobHandlers } from './modules/style/style-workers';
import { queueOrphanedTranscription } from './modules/transcription/transcription-jobs';
import { transcriptionJobHandlers, watchProviderRecovery } from './modules/transcription/transcription-workers';
import { startWorkers, type JobHandlers } from './platform/jobs/job-registry';
import type { App } from './platform/services';

/** Every queue's handler, from the module that owns the queue. */
function jobHandlers(app: App): JobHandlers {
  return {
    ...transcriptionJobHandlers(app),
    ...evidenceJobHandlers(app),
    ...anamnesisJobHandlers(app),
    ...documentJobHandlers(app),
    ...styleJobHandlers(app),
  };
}

// Work is queued with the rows that create it; the sweep only catches jobs that gave up or were lost.
const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * ROLE=all|worker: runs every queue's jobs on this instance and, once the app is ready and every few minutes after,
 * sweeps for work left without a job (consistencySweep). Closing stops taking jobs and gives running ones
 * SHUTDOWN_GRACE_SECONDS; what is still running then is handed back at once.
 */
export function startBackgroundWork(app: App): void {
  startWorkers(app.jobs, jobHandlers(app));
  const stopRecoveryWatch = watchProviderRecovery(app);
  let sweeping = Promise.resolve();
  const sweep = () => {
    sweeping = sweeping.then(() => consistencySweep(app));
  };
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopRecoveryWatch();
    await sweeping;
    await app.jobs.stopWorkers(app.config.shutdownGraceMs);
  });
}

/**
 * Queues what has no job waiting or running (a job that gave up, one lost), a bounded batch per kind, and fails
 * (with a refund) the generations no run will finish. Each part's failure is logged; the next sweep tries again.
 */
export async function consistencySweep(app: App): Promise<void> {
  const parts: [string, () => Promise<void>][] = [
    ['transcription', () => queueOrphanedTranscription(app)],
    ['evidence reading', () => queueOrphanedReading(app)],
    ['note generation', () => sweepGenerations(app, anamnesisGeneration)],
    ['document generation', () => sweepGenerations(app, documentGeneration)],
    ['style learning', () => queueOrphanedStyleLearning(app)],
  ];
  for (const [name, part] of parts) {
    try {
      await part();
    } catch (error) {
      app.log.error({ err: error }, `consistency sweep of ${name} failed`);
    }
  }
}
