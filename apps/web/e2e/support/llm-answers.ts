// What the browser tests' language model answers: every field the request's JSON schema asks for, written
// from the transcript, evidence and context lines of the prompt, citing their real labels ("T3", "E1 p.1",
// "C"; "Q" and "O" on a pre-natal record) so the page's "Fontes" point at real segments and pages, the story of
// the illness citing the latest earlier note ("A1") when the patient has one; a whole note's diagnostic hypotheses
// from the lines that name them, and each one's code as the candidate closest to its name. Deterministic: the same
// prompt, the same note. A document of the visit is answered by support/document-answers.ts, writing preferences by
// support/style-answers.ts; a whole note or a document asked to hold stops midway (support/held-answers.ts).

import { documentAnswer, UNSUPPORTED_INSTRUCTION, type Cited } from './document-answers';
import { HOLD_INSTRUCTION, holdAfterParts, type AnswerHold } from './held-answers';
import { speakerAnswer } from './speaker-answers';
import { learnedPreferences, STYLE_LEARNING_SCHEMA } from './style-answers';

const SPEAKERS_SCHEMA = 'falantes';

interface ChatBody {
  messages?: { role: string; content: string }[];
  response_format?: { json_schema?: { name?: string; schema?: { properties?: Record<string, unknown> } } };
  tools?: { function?: { name?: string; parameters?: { properties?: Record<string, unknown> } } }[];
}

interface Field {
  id: string;
  title: string;
  isList: boolean;
}

/** Which lines each kind of field draws on, by words of its id or title. */
const TOPICS: { field: RegExp; line: RegExp; max: number }[] = [
  { field: /queixa|^qp$/i, line: /dor|febre|tosse/i, max: 1 },
  { field: /hist[óo]ria|hda/i, line: /dor|piora|aperto|luz|enjoo|semana/i, max: 4 },
  { field: /medica/i, line: /miligramas|rem[ée]dio|tomo|dipirona|losartana/i, max: 2 },
  { field: /pessoa|patol[óo]gic|comorbid/i, line: /hipertens|diabetes|doen[çc]a/i, max: 1 },
  { field: /alergia/i, line: /al[ée]rgic|alergia/i, max: 1 },
  { field: /h[áa]bito|social/i, line: /sono|durmo|estresse|fuma|[áa]lcool/i, max: 2 },
  { field: /sistema/i, line: /febre|for[çc]a|formigamento|vis[ãa]o/i, max: 2 },
];

/** Which lines make each diagnostic hypothesis: only what the conversation said, with those lines as sources. */
const HYPOTHESES: { line: RegExp; hypothesis: string; terms: string[] }[] = [
  {
    line: /dor de cabe[çc]a|faixa apertando/i,
    hypothesis: 'Cefaleia do tipo tensional',
    terms: ['cefaléia tensional'],
  },
  { line: /hipertens|press[ãa]o alta/i, hypothesis: 'Hipertensão arterial sistêmica', terms: [] },
];
// The property a whole note's hypotheses come in, after its fields (the server's HYPOTHESES_KEY).
const HYPOTHESES_KEY = 'hipoteses-diagnosticas';
// The heading of the second, short request that picks each hypothesis's code among the table's candidates.
const CODE_CHOICE = '## Hipóteses e seus candidatos na CID-10';

/**
 * Context that makes the note slip as models do, for the statement check to catch: the pressure noted in it
 * written as 150x100 (citing "C"), and the dipirona dose as 50 mg.
 */
export const SLIPS_CONTEXT = 'PA 138x88 mmHg medida no consultório.';

/** An instruction the tests give to see the provider fail (a 500), as a real outage would. */
export const PROVIDER_FAILURE_INSTRUCTION = 'simule uma falha do provedor';

export function answerFromPrompt(body: ChatBody): {
  json?: unknown;
  content?: string;
  status?: number;
  hold?: AnswerHold;
} {
  const prompt = body.messages?.find((message) => message.role === 'user')?.content ?? '';
  if (prompt.includes(PROVIDER_FAILURE_INSTRUCTION)) return { status: 500 };
  if (prompt.includes(CODE_CHOICE)) return { json: chooseCodes(prompt) };
  const schemaName = body.response_format?.json_schema?.name ?? body.tools?.[0]?.function?.name;
  if (schemaName === STYLE_LEARNING_SCHEMA) return { json: learnedPreferences(prompt) };
  if (schemaName === SPEAKERS_SCHEMA) return { json: speakerAnswer(prompt) };
  const properties =
    body.response_format?.json_schema?.schema?.properties ?? body.tools?.[0]?.function?.parameters?.properties;
  // A line names who said it when known: `[T3 00:12–00:18] Paciente: …`.
  const transcript = [
    ...prompt.matchAll(/^\[(T\d+) [^\]]*\] (?:(?:Profissional|Paciente|Acompanhante): )?(.+)$/gm),
  ].map(([, label, text]) => ({
    label: label!,
    text: text!,
  }));
  // Without a schema the server asks to condense a long transcript: the lines, shortened.
  if (!properties)
    return {
      content: transcript
        .map((line) => line.text)
        .join(' ')
        .slice(0, 2000),
    };

  const context = /## Contexto do profissional \[C\]\n([^\n]+)/.exec(prompt)?.[1];
  const document = documentAnswer(
    body.response_format?.json_schema?.name ?? body.tools?.[0]?.function?.name,
    { transcript, context, isUnsupported: prompt.includes(UNSUPPORTED_INSTRUCTION) },
    prompt.includes(HOLD_INSTRUCTION),
  );
  if (document !== undefined) return document;

  const evidence = [...prompt.matchAll(/^\[(E\d+(?: p\.\d+)?)[^\]]*\]\n([^\n]+(?:\n(?!\n)[^\n]+)*)/gm)].map(
    ([, label, text]) => ({ label: label!, text: text! }),
  );
  const patient = /## Paciente\n([\s\S]*?)\n\n## /.exec(prompt)?.[1] ?? '';
  // The latest earlier note's day and complaint: "[A1 12/03/2026] Retorno (modelo …)\n…\nQueixa principal: …".
  const [, lastDay, lastNote = ''] = /^\[A1 (\d\d\/\d\d\/\d{4})\] [^\n]*\n((?:[^\n]+\n?)*)/m.exec(prompt) ?? [];
  const lastComplaint = /^Queixa principal: .+$/m.exec(lastNote)?.[0];
  const lastVisit = lastComplaint ? { label: 'A1', text: `Na consulta de ${lastDay}: ${lastComplaint}` } : undefined;
  // What the professional typed in the header and the patient's record: "## Queixa principal [Q]\n…".
  const typed = Object.fromEntries(
    [...prompt.matchAll(/^## [^\n[]+ \[([NQO])\]\n([^\n]+)/gm)].map(([, label, text]) => [label!, text!]),
  );
  const fields = readFields(
    prompt,
    Object.keys(properties).filter((key) => key !== HYPOTHESES_KEY),
  );
  const currentText = /## Texto atual do campo\n([\s\S]*?)\n\n## /.exec(prompt)?.[1];
  const instruction = /## Instrução do profissional para reescrever o campo\n(.+)/.exec(prompt)?.[1];

  const note = Object.fromEntries(
    fields.map((field) => {
      const drafted = slipped(
        field,
        typedField(field, typed) ?? draftField(field, patient, transcript, evidence, context, lastVisit),
        context,
      );
      if (currentText === undefined || instruction === undefined) return [field.id, drafted];
      return [field.id, { text: rewrite(currentText, instruction, transcript), sources: drafted.sources }];
    }),
  );
  if (!(HYPOTHESES_KEY in properties)) {
    // A note tried from the administration ("Testar") holds when the prompt tried, the system message, asks so.
    const system = body.messages?.find((message) => message.role === 'system')?.content ?? '';
    if (system.includes(HOLD_INSTRUCTION)) return { json: note, hold: holdAfterParts('anamnese', note, 1) };
    return { json: note };
  }
  const wholeNote = { ...note, [HYPOTHESES_KEY]: hypotheses(transcript) };
  // Asked for by a line of the consultation's context, the only words of the professional a whole note's prompt holds;
  // three fields written, as the picture of a note being written shows.
  if (prompt.includes(HOLD_INSTRUCTION)) return { json: wholeNote, hold: holdAfterParts('anamnese', wholeNote, 3) };
  return { json: wholeNote };
}

/** The hypotheses the conversation names, each citing the lines that name it; none when nothing does. */
function hypotheses(transcript: Cited[]) {
  return HYPOTHESES.flatMap(({ line, hypothesis, terms }) => {
    const cited = transcript.filter((each) => line.test(each.text) && !each.text.endsWith('?'));
    return cited.length > 0 ? [{ hipotese: hypothesis, termos: terms, sources: cited.map((each) => each.label) }] : [];
  });
}

/** For each hypothesis ("### h1: …" and its "- code description" lines), the candidate sharing most words with it. */
function chooseCodes(prompt: string): Record<string, string> {
  const words = (text: string) =>
    new Set(
      text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/\p{L}+/gu),
    );
  const sections = prompt.split(/^### /m).slice(1);
  return Object.fromEntries(
    sections.map((section) => {
      const [heading = '', ...lines] = section.split('\n');
      const [key = '', name = ''] = heading.split(': ');
      const named = words(name);
      const scored = lines.flatMap((line) => {
        const [, code, description] = /^- (\S+) (.+)$/.exec(line) ?? [];
        if (!code || !description) return [];
        return [{ code, shared: [...words(description)].filter((word) => named.has(word)).length }];
      });
      // The first of the best: the server lists the closest matches first.
      const best = scored.reduce((chosen, each) => (each.shared > chosen.shared ? each : chosen), {
        code: '',
        shared: 0,
      });
      return [key, best.code];
    }),
  );
}

function readFields(prompt: string, ids: string[]): Field[] {
  return ids.map((id) => {
    const line = new RegExp(`^- ${id}: "([^"]+)" \\(([^)]+)\\)`, 'm').exec(prompt);
    return { id, title: line?.[1] ?? id, isList: line?.[2] === 'Lista' };
  });
}

/**
 * A pre-natal record (its notes give the obstetric formula, "G2P1") has its complaint and personal history written
 * from what the professional typed, citing the header's "Q" and the record's "O"; no other test's record does.
 */
function typedField(field: Field, typed: Record<string, string>) {
  const name = `${field.id} ${field.title}`;
  if (!/\bG\d+P\d+/.test(typed.O ?? '')) return undefined;
  if (/queixa|^qp$/i.test(name) && typed.Q) return { text: typed.Q, sources: ['Q'] };
  if (/pessoa/i.test(name)) return { text: `Gestante ${typed.O!}`, sources: ['O'] };
  return undefined;
}

function draftField(
  field: Field,
  patient: string,
  transcript: Cited[],
  evidence: Cited[],
  context: string | undefined,
  lastVisit: Cited | undefined,
) {
  const name = `${field.id} ${field.title}`;
  if (/identifica/i.test(name)) return { text: identification(patient), sources: [] };
  if (/exame|laborat|complementar/i.test(name) && !/f[íi]sico/i.test(name) && evidence.length > 0) {
    const [first] = evidence;
    const findings = first!.text.split('\n').slice(0, 3).join('; ');
    return { text: `Exames trazidos: ${findings}.`, sources: [first!.label] };
  }
  if (/conduta|plano/i.test(name) && context) {
    return { text: `Conforme anotado na consulta: ${context}`, sources: ['C'] };
  }
  const topic = TOPICS.find((candidate) => candidate.field.test(name));
  const lines = topic
    ? transcript.filter((line) => topic.line.test(line.text) && !line.text.endsWith('?')).slice(0, topic.max)
    : [];
  if (lines.length === 0) return { text: 'Não informado', sources: [] };
  // A list holds the items as said; a text reports them.
  const sentences = lines.map((line) => (field.isList ? line.text : `Paciente refere: ${lowerFirst(line.text)}`));
  const sources = lines.map((line) => line.label);
  // The story of the illness mentions the exams the patient brought.
  const [exam] = /hist[óo]ria|hda/i.test(name) ? evidence : [];
  if (exam) {
    sentences.push(`Traz exame: ${exam.text.split('\n').slice(0, 2).join('; ')}.`);
    sources.push(exam.label);
  }
  // …and, on a return visit, what the last visit recorded.
  if (lastVisit && /hist[óo]ria|hda/i.test(name)) {
    sentences.push(lastVisit.text.replace(/\.?$/, '.'));
    sources.push(lastVisit.label);
  }
  return {
    text: field.isList ? sentences.map((sentence) => `- ${sentence}`).join('\n') : sentences.join(' '),
    sources,
  };
}

function rewrite(current: string, instruction: string, transcript: Cited[]): string {
  if (/conciso/i.test(instruction)) return /^[^.]*\./.exec(current)?.[0] ?? current;
  if (/paciente/i.test(instruction)) return `Em palavras simples: ${lowerFirst(current)}`;
  if (/posologia/i.test(instruction)) {
    const doses = transcript.filter((line) => /miligramas/i.test(line.text)).map((line) => line.text);
    return `${current} Posologia citada: ${doses.join(' ') || 'não mencionada na consulta.'}`;
  }
  return `${current} (${instruction})`;
}

/** "Helena Martins, 54 anos, sexo feminino." from the prompt's "Nome: …", "Idade: …", "Sexo: …" lines. */
function identification(patient: string): string {
  const value = (key: string) => new RegExp(`^${key}: (.+)$`, 'm').exec(patient)?.[1];
  const parts = [value('Nome'), value('Idade'), value('Sexo') && `sexo ${value('Sexo')!.toLowerCase()}`];
  return `${parts.filter(Boolean).join(', ')}.`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** With SLIPS_CONTEXT noted, the story gains a wrong pressure and the medicines a wrong dose. */
function slipped(field: Field, drafted: { text: string; sources: string[] }, context: string | undefined) {
  if (context !== SLIPS_CONTEXT || drafted.text === 'Não informado') return drafted;
  const name = `${field.id} ${field.title}`;
  if (/hist[óo]ria|hda/i.test(name)) return { ...drafted, text: `${drafted.text} PA 150x100 mmHg [C].` };
  if (/medica/i.test(name)) return { ...drafted, text: drafted.text.replace('quinhentos miligramas', '50 mg') };
  return drafted;
}
