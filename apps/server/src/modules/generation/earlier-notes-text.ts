import { earlierLabel, type EarlierInput } from './source-labels';

// Three earlier notes must not crowd out today's material: each field and each note is cut to a bound.
const FIELD_CHARS = 500;
const NOTE_CHARS = 1_500;

const INTRO =
  'Notas de consultas anteriores já concluídas deste paciente, revisadas pelo profissional, da mais recente para a mais antiga. Servem para comparar com a consulta de hoje e dizer o que mudou (num retorno, por exemplo); o que se afirma sobre hoje vem do material de hoje. Cite-as pelo rótulo, como "A1".';

/** `text` cut at a word before `max` characters, marked as cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const word = cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).trimEnd()} […]`;
}

function formatNote(earlier: EarlierInput): string {
  const heading = `${earlierLabel(earlier)} ${earlier.title ?? 'Consulta'} (modelo ${earlier.template})`;
  const fields = earlier.fields.map((field) => `${field.title}: ${clip(field.text.trim(), FIELD_CHARS)}`).join('\n');
  const diagnoses = earlier.diagnoses.map(({ code, description }) => `${code} ${description}`).join('; ');
  return [heading, clip(fields, NOTE_CHARS), `Diagnósticos confirmados (CID-10): ${diagnoses || 'nenhum'}`].join('\n');
}

/** The section of earlier notes, each labelled; none on a first visit. */
export function earlierNotesSection(earlier: readonly EarlierInput[]): string[] {
  if (earlier.length === 0) return [];
  return [`## Consultas anteriores\n${INTRO}\n\n${earlier.map(formatNote).join('\n\n')}`];
}
