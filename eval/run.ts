// `npm run eval [-- --case 01-cefaleia]`: the pt-BR cases of eval/cases through the product's note generation
// (transcription left out: each dialogue is stored as a transcript) against the model of LLM_URL, LLM_MODEL and
// LLM_API_KEY, on an embedded database of its own; prints per case and overall what the note got right and wrong.
import { runEvaluation } from './run-evaluation';

process.exit(
  await runEvaluation(process.argv.slice(2), process.env, {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  }),
);
