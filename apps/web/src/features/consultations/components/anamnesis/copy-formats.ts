import { CONFIRMED_DIAGNOSES_TITLE, confirmedDiagnosesText, NOT_INFORMED, type TDiagnosis } from '@escriba/contract';
import type { NoteLetterhead } from './note-letterhead';
import { fieldPlainText, isNotInformed, letterheadText, notePlainText } from './plain-text';

export interface CopiedField {
  fieldId: string;
  title: string;
  text: string;
}

/** What leaves the page (copied, printed, told to a framing system) ends with the codes she confirmed. */
export function withConfirmedDiagnoses(fields: CopiedField[], diagnoses: TDiagnosis[]): CopiedField[] {
  const text = confirmedDiagnosesText(diagnoses);
  return text ? [...fields, { fieldId: 'cid10', title: CONFIRMED_DIAGNOSES_TITLE, text }] : fields;
}

/** How the note is copied for the record: every field under its title, compact SOAP, or the fields she picked. */
export type CopyFormat = 'titled' | 'soap' | 'selected';

export interface CopyChoice {
  format: CopyFormat;
  /** The fields copied in the `selected` format. */
  fieldIds: string[];
}

export const COPY_FORMAT_LABELS: Record<CopyFormat, string> = {
  titled: 'Com os títulos dos campos',
  soap: 'SOAP compacto (S/O/A/P)',
  selected: 'Só os campos escolhidos',
};

/** The clipboard's two parts: plain text for any record, HTML (headings, lists) for those taking rich paste. */
export interface NoteCopy {
  text: string;
  html: string;
}

type SoapLetter = 'S' | 'O' | 'A' | 'P';

// Matched against the field's id and title without accents; a field matching none stays in the letter of the
// field before it (templates follow the anamnesis' order), the first ones in S.
const SOAP_WORDS: [SoapLetter, RegExp][] = [
  ['S', /\b(subjetivo|queixas?|historia|motivo)/],
  ['O', /\b(objetivo|exames?_fisico|exame|sinais_vitais|resultados?|ritmo)/],
  ['A', /\b(avaliacao|hipoteses?|diagnostic|impressao|cid10|problemas)/],
  ['P', /\b(plano|conduta|prescric|orientac|encaminhament|seguimento)/],
];

const searchable = (field: CopiedField) =>
  `${field.fieldId} ${field.title.replace(/\s+/g, '_')}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Each field's SOAP letter, in the note's order. */
export function soapLetters(fields: readonly CopiedField[]): SoapLetter[] {
  let current: SoapLetter = 'S';
  return fields.map((field) => {
    const text = searchable(field);
    current = SOAP_WORDS.find(([, words]) => words.test(text))?.[0] ?? current;
    return current;
  });
}

/** What the chosen format copies: the letterhead's lines, the note in that format, then the line on the AI. */
export function noteCopy(letterhead: NoteLetterhead, fields: readonly CopiedField[], choice: CopyChoice): NoteCopy {
  const body = choice.format === 'soap' ? soapBlocks(fields) : titledBlocks(fieldsOf(fields, choice));
  const text = letterheadText(letterhead, body.map((block) => block.text).join('\n\n'));
  const html = [
    letterhead.rows.map((row) => `<p><strong>${escapeHtml(row.label)}:</strong> ${escapeHtml(row.value)}</p>`),
    body.map((block) => block.html),
    `<p><em>${escapeHtml(letterhead.aiDisclosure)}</em></p>`,
  ]
    .flat()
    .join('\n');
  return { text, html };
}

function fieldsOf(fields: readonly CopiedField[], choice: CopyChoice): readonly CopiedField[] {
  if (choice.format !== 'selected') return fields;
  return fields.filter((field) => choice.fieldIds.includes(field.fieldId));
}

interface Block {
  text: string;
  html: string;
}

function titledBlocks(fields: readonly CopiedField[]): Block[] {
  return fields.map((field) => ({
    text: notePlainText([field]),
    html: `<h3>${escapeHtml(field.title)}</h3>\n${textHtml(fieldPlainText(field) || NOT_INFORMED)}`,
  }));
}

/** One paragraph per letter: its fields' texts in a line, each after its title when the letter holds several. */
function soapBlocks(fields: readonly CopiedField[]): Block[] {
  const letters = soapLetters(fields);
  return (['S', 'O', 'A', 'P'] as const).map((letter) => {
    const said = fields.filter((field, index) => letters[index] === letter && !isNotInformed(fieldPlainText(field)));
    const parts = said.map((field) => {
      const text = inlineText(fieldPlainText(field));
      return { title: said.length > 1 ? `${field.title}: ` : '', text };
    });
    const line = parts.length > 0 ? parts.map((part) => part.title + part.text).join(' ') : NOT_INFORMED;
    const html =
      parts.length > 0 ? parts.map((part) => escapeHtml(part.title) + escapeHtml(part.text)).join(' ') : NOT_INFORMED;
    return { text: `${letter}: ${line}`, html: `<p><strong>${letter}:</strong> ${html}</p>` };
  });
}

const BULLET = /^\s*(?:[-•*]|\d+[.)])\s+/;

const isList = (lines: string[]) => lines.length > 1 && lines.every((line) => BULLET.test(line));

/** A field's text in one line: a list's items apart by semicolons, other lines by a space. */
function inlineText(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim());
  if (!isList(lines)) return lines.join(' ');
  const items = lines.map((line) => line.replace(BULLET, ''));
  return items.map((item, index) => (index < items.length - 1 ? item.replace(/[.;]$/, '') : item)).join('; ');
}

/** A field's text as HTML: a list when every line is an item, else paragraphs keeping its line breaks. */
function textHtml(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim());
  if (isList(lines)) {
    return `<ul>${lines.map((line) => `<li>${escapeHtml(line.replace(BULLET, ''))}</li>`).join('')}</ul>`;
  }
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
