import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { GENERATION_CONCURRENCY } from '../generation/generation-schedule';
import { generateAnamnesis } from './generate-anamnesis';

/** The generation queue's handler. */
export function anamnesisJobHandlers(app: App): Pick<JobHandlers, 'generate-anamnesis'> {
  return {
    'generate-anamnesis': {
      concurrency: GENERATION_CONCURRENCY,
      handle: ({ anamnesisId }) => generateAnamnesis(app, anamnesisId),
    },
  };
}
