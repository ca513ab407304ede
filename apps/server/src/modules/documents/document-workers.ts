import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { GENERATION_CONCURRENCY, resumeGenerations } from '../generation/generation-schedule';
import { documentGeneration, generateDocument } from './generate-document';

/** The document generation queue's handler. */
export function documentJobHandlers(app: App): Pick<JobHandlers, 'generate-document'> {
  return {
    'generate-document': {
      concurrency: GENERATION_CONCURRENCY,
      handle: ({ documentVersionId }) => generateDocument(app, documentVersionId),
    },
  };
}

/** At start-up: fails what no run will finish, and queues again every other document still `generating`. */
export function resumeDocumentGenerations(app: App): Promise<void> {
  return resumeGenerations(app, documentGeneration);
}
