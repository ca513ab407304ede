import type { TPromptTestResult } from '@escriba/contract';
import { describeTestSources } from './prompt-labels';

/** The note a test run wrote for the sample consultation: one card per template field, in order. */
export function TestResult({ result }: { result: TPromptTestResult }) {
  const seconds = (result.duration_ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="font-medium">{result.sample.title}</p>
          <p className="text-sm text-muted">{result.sample.patient.split('\n').join(' · ')}</p>
        </div>
        <p className="text-sm text-muted">
          Modelo {result.model}, em {seconds} s
        </p>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-accent-ink">Ver a conversa de exemplo</summary>
        <ol className="mt-2 flex list-decimal flex-col gap-1 rounded-lg bg-subtle py-3 pr-3 pl-9 text-sm">
          {result.sample.transcript.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      </details>
      <ul aria-label="Campos gerados" className="grid gap-4 lg:grid-cols-2">
        {result.fields.map((field) => (
          <li
            key={field.field_id}
            aria-label={field.title}
            className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-sm"
          >
            <h3 className="font-semibold">{field.title}</h3>
            <p className="whitespace-pre-wrap">{field.text}</p>
            <p className="text-sm text-muted">{describeTestSources(field.sources)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
