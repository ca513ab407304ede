import { and, eq, exists, ne } from 'drizzle-orm';
import { transcriptChunks, transcriptions } from '../../db/schema/index';
import { AdaptiveConcurrency } from '../../platform/jobs/adaptive-concurrency';
import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { transcriptionProviderHealth } from '../admin-system/provider-health';
import { finishTranscript } from './finish-transcript';
import { labelSpeakers } from './label-speakers';
import { transcribeChunk } from './transcribe-chunk';

// While chunks wait for a provider that was down, it is asked this often whether it is back.
const RECOVERY_PROBE_INTERVAL_MS = 5_000;
// Chunks transcribed at once while few arrive; more as the arrival rate and the provider's latency ask.
const MIN_CONCURRENCY = 4;

/** The transcription queues' handlers. */
export function transcriptionJobHandlers(
  app: App,
): Pick<JobHandlers, 'transcribe-chunk' | 'finish-transcript' | 'label-speakers' | 'remove-audio'> {
  return {
    'transcribe-chunk': {
      concurrency: new AdaptiveConcurrency({ min: MIN_CONCURRENCY, max: app.config.transcription.concurrency }),
      handle: (job, running) => transcribeChunk(app, job, running),
    },
    'finish-transcript': { concurrency: 1, handle: (job) => finishTranscript(app, job.consultationId) },
    'label-speakers': { concurrency: 2, handle: (job) => labelSpeakers(app, job.consultationId) },
    'remove-audio': {
      concurrency: 1,
      handle: async ({ keys }) => {
        for (const key of keys) await app.storage.remove(key);
      },
    },
  };
}

/**
 * While some chunk waits on a provider that went down, probes the providers now and then; as soon as one
 * answers, the chunks waiting out their backoff are tried at once (a success does the same: transcribe-chunk.ts).
 */
export function watchProviderRecovery(app: App): () => void {
  let isProbing = false;
  const timer = setInterval(() => {
    if (isProbing) return;
    isProbing = true;
    probeIfWaiting(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'transcription provider recovery probe failed'))
      .finally(() => (isProbing = false));
  }, RECOVERY_PROBE_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}

async function probeIfWaiting(app: App): Promise<void> {
  const [waiting] = await app.db
    .select({ consultationId: transcriptions.consultationId })
    .from(transcriptions)
    .where(
      and(
        ne(transcriptions.providerStatus, 'ok'),
        exists(
          app.db
            .select()
            .from(transcriptChunks)
            .where(
              and(
                eq(transcriptChunks.consultationId, transcriptions.consultationId),
                eq(transcriptChunks.status, 'pending'),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  if (!waiting) return;
  const health = await transcriptionProviderHealth(app.config);
  const isAnyBack = health.some(({ state }) => state === 'ok' || state === 'degraded');
  if (isAnyBack) await app.jobs.expedite('transcribe-chunk');
}
