import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { GENERATION_CONCURRENCY, resumeGenerations as resume } from '../generation/generation-schedule';
import { anamnesisGeneration, generateAnamnesis } from './generate-anamnesis';

/** The generation queue's handler. */
export function anamnesisJobHandlers(app: App): Pick<JobHandlers, 'generate-anamnesis'> {
  return {
    'generate-anamnesis': {
      concurrency: GENERATION_CONCURRENCY,
      handle: ({ anamnesisId }) => generateAnamnesis(app, anamnesisId),
    },
  };
}

/** At start-up: fails what no run will finish, and queues again every other version still `generating`. */
export function resumeGenerations(app: App): Promise<void> {
  return resume(app, anamnesisGeneration);
}
