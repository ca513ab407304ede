// What the browser tests' language model answers for a document of the visit (the server names the answer
// `documento_{kind}`): the kind's content written from the prompt's own transcript and context lines, citing their
// labels, and left empty where the consultation said nothing, as the real prompt asks.

import { ZDocumentKind, type TDocumentKind } from '@escriba/contract';
import { holdAfterParts, type AnswerHold } from './held-answers';

export interface Cited {
  label: string;
  text: string;
}

interface DocumentInputs {
  transcript: Cited[];
  /** The professional's notes on the consultation, cited as "C". */
  context: string | undefined;
  /** Her instructions asked for text no source holds (`UNSUPPORTED_INSTRUCTION`). */
  isUnsupported?: boolean;
}

const SAID_NUMBERS: Record<string, string> = { cinquenta: '50', cem: '100', duzentos: '200', quinhentos: '500' };
const empty = { text: '', sources: [] };
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => `${upperFirst(text.trim().replace(/\.$/, ''))}.`;

/** "Tomo losartana cinquenta miligramas de manhã." → a receita line with what was said, the rest empty. */
function prescribed({ transcript }: DocumentInputs) {
  return transcript.flatMap(({ label, text }) => {
    const dose = /([A-Za-zÀ-ú]+),? (\p{L}+) miligramas/u.exec(text);
    if (!dose || text.endsWith('?')) return [];
    const when = /de manhã|à noite/.exec(text)?.[0];
    return [
      {
        medication: upperFirst(dose[1]!.toLowerCase()),
        dose: `${SAID_NUMBERS[dose[2]!.toLowerCase()] ?? dose[2]} mg`,
        form: '',
        quantity: '',
        instructions: when ? `Tomar ${when}` : '',
        route: '',
        continuous: /hipertens|diabetes/i.test(text),
        sources: [label],
      },
    ];
  });
}

/** The context's parts: "Retorno em 30 dias com diário da dor; orientar higiene do sono e reduzir a dipirona." */
const contextParts = (context: string | undefined) => (context ?? '').split(/;\s*/).filter(Boolean);

function guidance({ transcript, context }: DocumentInputs) {
  const parts = contextParts(context);
  const todo = parts
    .flatMap((part) => /^orientar (.+)/i.exec(part)?.[1]?.split(/ e /) ?? [])
    .map((advice) => ({ text: sentence(advice), sources: ['C'] }));
  const alarm = transcript.find((line) => /febre|perda de força/i.test(line.text));
  const signs = /^Teve (.+)\?$/.exec(alarm?.text ?? '');
  const back = parts.map((part) => /^retorno em (.+)/i.exec(part)?.[1]).find(Boolean);
  return {
    what_to_do: todo,
    warning_signs: signs ? [{ text: `Procure um pronto-socorro se tiver ${signs[1]}.`, sources: [alarm!.label] }] : [],
    when_to_return: back ? { text: sentence(`Volte em ${back}`), sources: ['C'] } : empty,
  };
}

/** The complaint as the patient told it, for the kinds that summarise the visit. */
function complaint({ transcript }: DocumentInputs) {
  const line = transcript.find((each) => /dor/i.test(each.text) && !each.text.endsWith('?'));
  return line ? { text: `Paciente refere: ${line.text}`, sources: [line.label] } : empty;
}

/**
 * Asked in a document's instructions, the exames request also asks for an exam with a number no source holds: what
 * the server's check marks as not confirmed in the sources.
 */
export const UNSUPPORTED_INSTRUCTION = 'inclua um exame sem fonte';

/** An exam justified by a glycaemia nobody measured, cited to the complaint's line. */
function unsupportedExam(inputs: DocumentInputs) {
  const line = inputs.transcript[0];
  return { exam: 'Hemoglobina glicada', justification: 'Glicemia de 250 mg/dL', sources: line ? [line.label] : [] };
}

const ANSWERS: Record<TDocumentKind, (inputs: DocumentInputs) => object> = {
  receita: (inputs) => ({ type: 'simples', items: prescribed(inputs) }),
  atestado: () => ({ days: null, start_date: null, purpose: empty, period_sources: [] }),
  exames: (inputs) => ({
    items: inputs.isUnsupported ? [unsupportedExam(inputs)] : [],
    clinical_indication: complaint(inputs),
  }),
  encaminhamento: (inputs) => ({
    specialty: empty,
    reason: empty,
    clinical_summary: complaint(inputs),
    question: empty,
  }),
  orientacoes: guidance,
  relatorio: (inputs) => {
    const story = complaint(inputs);
    return { sections: story.text ? [{ title: 'História', ...story }] : [] };
  },
};

/**
 * The answer for `documento_{kind}`, held after its first part when the request asks so (`HOLD_INSTRUCTION`);
 * undefined when the request is not for a document.
 */
export function documentAnswer(
  schemaName: string | undefined,
  inputs: DocumentInputs,
  isHeld: boolean,
): { json: object; hold?: AnswerHold } | undefined {
  const kind = ZDocumentKind.safeParse(/^documento_(\w+)$/.exec(schemaName ?? '')?.[1]);
  if (!kind.success) return undefined;
  const content = ANSWERS[kind.data](inputs);
  return isHeld ? { json: content, hold: holdAfterParts(kind.data, content, 1) } : { json: content };
}
