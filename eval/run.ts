// `npm run eval [-- --case 01-cefaleia]`: the pt-BR cases of eval/cases through the product's note generation
// (transcription left out: each dialogue is stored as a transcript) against the model of LLM_URL, LLM_MODEL and
// LLM_API_KEY, on an embedded database of its own; prints per case and overall what the note got right and wrong.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { createTestApp } from '../apps/server/test/test-app';
import { readCases } from './case-file';
import { evaluate } from './evaluate';
import { formatReport } from './report';

const { values } = parseArgs({ options: { case: { type: 'string', multiple: true } } });
const { llm } = loadConfig(process.env);
if (!llm.url) {
  console.error(
    'Configure LLM_URL (an OpenAI-compatible chat-completions API), LLM_MODEL and, if needed, LLM_API_KEY.',
  );
  process.exit(2);
}
const cases = (await readCases()).filter((each) => !values.case || values.case.includes(each.id));
if (cases.length === 0) {
  console.error(`No case named ${values.case?.join(', ')} in eval/cases.`);
  process.exit(2);
}
console.log(`${cases.length} casos com ${llm.model} em ${llm.url}\n`);
const testApp = await createTestApp((config) => ({ ...config, llm }));
try {
  const results = await evaluate(testApp.app, cases, ({ evalCase, score, failure }) =>
    console.log(
      `${evalCase.id}: ${score ? `${score.covered}/${score.facts} fatos, ${score.seconds.toFixed(1)} s` : failure}`,
    ),
  );
  console.log(`\n${formatReport(results)}`);
} finally {
  await testApp.close();
}
