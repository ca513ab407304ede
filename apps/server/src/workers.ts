import { anamnesisJobHandlers, resumeGenerations } from './modules/anamnesis/anamnesis-workers';
import { anamnesisGeneration } from './modules/anamnesis/generate-anamnesis';
import { documentJobHandlers, resumeDocumentGenerations } from './modules/documents/document-workers';
import { documentGeneration } from './modules/documents/generate-document';
import { evidenceJobHandlers, resumeEvidenceReading } from './modules/evidences/evidence-workers';
import { sweepStaleGenerations } from './modules/generation/generation-schedule';
import { resumeStyleLearning, styleJobHandlers } from './modules/style/style-workers';
import { requeueTranscription } from './modules/transcription/transcription-jobs';
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

/**
 * ROLE=all|worker: runs every queue's jobs on this instance and, once the app is ready, queues again in the
 * background what a stopped instance left unfinished. Closing stops taking jobs and gives running ones
 * SHUTDOWN_GRACE_SECONDS; what is still running then is handed back at once.
 */
export function startBackgroundWork(app: App): void {
  startWorkers(app.jobs, jobHandlers(app));
  const stopRecoveryWatch = watchProviderRecovery(app);
  const stopStaleSweep = sweepStaleGenerations(app, [anamnesisGeneration, documentGeneration]);
  let resuming = Promise.resolve();
  app.addHook('onReady', async () => {
    resuming = resumeWork(app);
  });
  app.addHook('onClose', async () => {
    stopRecoveryWatch();
    stopStaleSweep();
    await resuming;
    await app.jobs.stopWorkers(app.config.shutdownGraceMs);
  });
}

async function resumeWork(app: App): Promise<void> {
  try {
    await requeueTranscription(app);
    await resumeEvidenceReading(app);
    await resumeGenerations(app);
    await resumeDocumentGenerations(app);
    await resumeStyleLearning(app);
  } catch (error) {
    app.log.error({ err: error }, 'unfinished work not queued again at start-up');
  }
}
