import { ZTypedInput, type TAnamnesisProvenance } from '@escriba/contract';
import { formatCount } from '../../../../lib/plural';
import { TYPED_INPUT_NAMES } from '../sources/source-labels';

const PURPOSES: Record<TAnamnesisProvenance['prompts'][number]['purpose'], string> = {
  anamnesis: 'anamnese',
  field_rewrite: 'reescrita de campo',
  condense: 'condensação da transcrição',
  diagnoses: 'hipóteses diagnósticas',
};

/**
 * "Como esta nota foi feita": the template, persona, prompt versions, model, inputs and writing preferences of a
 * version.
 */
export function Provenance({ provenance }: { provenance: TAnamnesisProvenance }) {
  const { inputs } = provenance;
  const evidences = inputs.evidence_ids.length;
  const earlier = inputs.earlier_consultations?.length ?? 0;
  const usedInputs = [
    inputs.transcript && `transcrição (versão ${inputs.transcript.version})`,
    evidences > 0 && formatCount(evidences, 'evidência', 'evidências'),
    inputs.user_context && 'contexto da consulta',
    ...ZTypedInput.options
      .filter((input) => inputs.typed?.[input] !== undefined)
      .map((input) => TYPED_INPUT_NAMES[input].toLowerCase()),
    earlier > 0 && formatCount(earlier, 'consulta anterior', 'consultas anteriores'),
    'dados do paciente',
  ].filter(Boolean);
  const rows: [string, string][] = [
    ['Modelo de anamnese', provenance.template.name],
    ['Persona', provenance.persona?.name ?? 'Padrão'],
    [
      'Instruções',
      provenance.prompts.map((prompt) => `${PURPOSES[prompt.purpose]} v${prompt.version}`).join(', ') || '—',
    ],
    ['Modelo de linguagem', provenance.model ?? '—'],
    ['Usou', usedInputs.join(', ')],
    ['Preferências de redação', provenance.style_preferences?.join('; ') ?? 'nenhuma'],
  ];
  const reviewed = reviewSummary(provenance.reviews);
  if (reviewed) rows.push(['Revisão do profissional', reviewed]);
  return (
    <details className="group rounded-xl border border-line px-3.5 py-2.5 text-sm" data-testid="anamnesis-provenance">
      <summary className="cursor-pointer font-medium text-muted select-none group-open:text-ink">
        Como esta nota foi feita
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {inputs.condensed && (
        <p className="mt-2 text-xs text-muted">
          A transcrição era mais longa que o limite do modelo e foi resumida em partes antes, sem cortes.
        </p>
      )}
    </details>
  );
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** "2 frases confirmadas, 1 reescrita; a última em 14/03/2026 14:20". */
function reviewSummary(reviews: TAnamnesisProvenance['reviews']): string | undefined {
  const last = reviews.at(-1);
  if (!last) return undefined;
  const confirmed = reviews.filter((review) => review.action === 'confirmed').length;
  const edited = reviews.length - confirmed;
  const parts = [
    confirmed > 0 && formatCount(confirmed, 'frase confirmada', 'frases confirmadas'),
    edited > 0 && formatCount(edited, 'reescrita', 'reescritas'),
  ].filter(Boolean);
  return `${parts.join(', ')}; a última em ${dateTime.format(new Date(last.at))}`;
}
