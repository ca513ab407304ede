import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { GENERATION_CONCURRENCY } from '../generation/generation-schedule';
import { generateDocument } from './generate-document';

/** The document generation queue's handler. */
export function documentJobHandlers(app: App): Pick<JobHandlers, 'generate-document'> {
  return {
    'generate-document': {
      concurrency: GENERATION_CONCURRENCY,
      handle: ({ documentVersionId }) => generateDocument(app, documentVersionId),
    },
  };
}
