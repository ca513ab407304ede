import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { createTestApp } from '../apps/server/test/test-app';
import { readCases } from './case-file';
import { evaluate } from './evaluate';
import { formatReport } from './report';

export interface EvaluationOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run eval` with its arguments (`--case <id>`, repeatable) and environment (LLM_URL, LLM_MODEL,
 * LLM_API_KEY): runs the cases on an embedded database of its own and writes the report. Returns the exit code.
 */
export async function runEvaluation(
  args: string[],
  env: Record<string, string | undefined>,
  output: EvaluationOutput,
): Promise<number> {
  const { values } = parseArgs({ args, options: { case: { type: 'string', multiple: true } } });
  const { llm } = loadConfig(env);
  if (!llm.url) {
    output.error(
      'Configure LLM_URL (an OpenAI-compatible chat-completions API), LLM_MODEL and, if needed, LLM_API_KEY.',
    );
    return 2;
  }
  const cases = (await readCases()).filter((each) => !values.case || values.case.includes(each.id));
  if (cases.length === 0) {
    output.error(`No case named ${values.case?.join(', ')} in eval/cases.`);
    return 2;
  }
  output.log(`${cases.length} casos com ${llm.model} em ${llm.url}\n`);
  const testApp = await createTestApp((config) => ({ ...config, llm }));
  try {
    const results = await evaluate(testApp.app, cases, ({ evalCase, score, failure }) =>
      output.log(
        `${evalCase.id}: ${score ? `${score.covered}/${score.facts} fatos, ${score.seconds.toFixed(1)} s` : failure}`,
      ),
    );
    output.log(`\n${formatReport(results)}`);
    return 0;
  } finally {
    await testApp.close();
  }
}
