import type { App } from '../apps/server/src/platform/services';
import type { EvalCase } from './case-file';
import type { ScoredCase } from './report';
import { runCase } from './run-case';
import { scoreNote } from './score-note';

/** Each case in turn (so its time is its own), scored; a note that failed is reported with its reason. */
export async function evaluate(
  app: App,
  cases: EvalCase[],
  onCase?: (result: ScoredCase) => void,
): Promise<ScoredCase[]> {
  const results: ScoredCase[] = [];
  for (const evalCase of cases) {
    const { version, seconds } = await runCase(app, evalCase);
    const result: ScoredCase =
      version.status === 'ready'
        ? { evalCase, score: scoreNote(evalCase, version, seconds) }
        : { evalCase, failure: version.failure ?? 'falhou' };
    onCase?.(result);
    results.push(result);
  }
  return results;
}
